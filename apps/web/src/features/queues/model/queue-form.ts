import type { WeeklyScheduleEntry } from '@wacrm/shared/company-schedules/company-schedules.schema';
import {
  defaultQueueSchedules,
  type QueueFields,
  type QueueRecord,
  type queueFieldsSchema,
} from '@wacrm/shared/queues/queue.schema';
import type { z } from 'zod';
import { i18n } from '../../../lib/i18n.ts';
import { translateValidation } from '../../../lib/validation-message.ts';

export const queueTabs = ['data', 'assignment', 'hours'] as const;
export type QueueTab = (typeof queueTabs)[number];

/** The modal's values: the shared schema's input with the fields the modal shows. */
export type QueueFormValues = Pick<
  z.input<typeof queueFieldsSchema>,
  | 'name'
  | 'color'
  | 'greetingMessage'
  | 'complationMessage'
  | 'outOfHoursMessage'
  | 'ratingMessage'
  | 'orderQueue'
  | 'promptId'
  | 'integrationId'
  | 'assignmentMode'
  | 'waitingMessage'
  | 'waitingUpdateMinutes'
  | 'waitingUpdateMax'
> & { schedules: WeeklyScheduleEntry[] };

export const queueMessageFields = [
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
] as const;

export const emptyQueueForm = (color = ''): QueueFormValues => ({
  name: '',
  color,
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  orderQueue: null,
  promptId: null,
  integrationId: null,
  assignmentMode: 'manual',
  waitingMessage: '',
  waitingUpdateMinutes: 3,
  waitingUpdateMax: 3,
  schedules: defaultQueueSchedules.map((day) => ({ ...day })),
});

/** A stored queue as modal values; a queue without hours gets the default week. */
export function toQueueForm(queue: QueueRecord): QueueFormValues {
  return {
    name: queue.name,
    color: queue.color,
    greetingMessage: queue.greetingMessage ?? '',
    complationMessage: queue.complationMessage ?? '',
    outOfHoursMessage: queue.outOfHoursMessage ?? '',
    ratingMessage: queue.ratingMessage ?? '',
    orderQueue: queue.orderQueue,
    promptId: queue.promptId,
    integrationId: queue.integrationId,
    assignmentMode: queue.assignmentMode,
    waitingMessage: queue.waitingMessage ?? '',
    waitingUpdateMinutes: queue.waitingUpdateMinutes,
    waitingUpdateMax: queue.waitingUpdateMax,
    schedules: (queue.schedules.length === 7 ? queue.schedules : defaultQueueSchedules).map((day) => ({ ...day })),
  };
}

/** Which tab holds a field, to show the first invalid one. */
export const tabOfField: Record<string, QueueTab> = {
  schedules: 'hours',
  assignmentMode: 'assignment',
  waitingMessage: 'assignment',
  waitingUpdateMinutes: 'assignment',
  waitingUpdateMax: 'assignment',
};

export type { QueueFields };

// The shared schemas speak English; the messages only the queue schemas use, mapped to our keys.
const queueMessages: Record<string, string> = {
  'Invalid color': 'queues:validation.invalidColor',
  'Digits only': 'queues:validation.digitsOnly',
  'In use': 'queues:validation.inUse',
  'Invalid time': 'queues:validation.invalidTime',
  'Start must be before end': 'queues:validation.startBeforeEnd',
};

/** A field's validation message in the interface language. */
export function translateQueueValidation(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = queueMessages[message];
  return key ? i18n.t(key) : translateValidation(message);
}

import { defaultWeeklySchedule, type WeekdayEn } from '@wacrm/shared/company-schedules/company-schedules.schema';
import {
  type ConnectionFields,
  type ConnectionProvider,
  type ConnectionRecord,
  connectionDefaults,
  type connectionFieldsSchema,
} from '@wacrm/shared/connections/connection.schema';
import type { z } from 'zod';

/** The modal's values: the shared schema's input, with every field present. */
export type ConnectionFormValues = z.input<typeof connectionFieldsSchema> & {
  provider: ConnectionProvider;
  schedules: NonNullable<ConnectionFields['schedules']>;
  queueIds: number[];
};

export const emptyConnectionForm = (provider: ConnectionProvider = 'baileys'): ConnectionFormValues => ({
  name: '',
  provider,
  isDefault: false,
  token: '',
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  expiresInactiveMessage: '',
  expiresTicket: connectionDefaults.expiresTicket,
  timeUseBotQueues: connectionDefaults.timeUseBotQueues,
  maxUseBotQueues: connectionDefaults.maxUseBotQueues,
  timeToTransfer: 0,
  transferQueueId: null,
  promptId: null,
  integrationId: null,
  queueIds: [],
  schedules: defaultWeeklySchedule.map((day) => ({ ...day })),
  cloudPhoneNumberId: '',
  cloudWabaId: '',
  cloudAccessToken: '',
  cloudAppSecret: '',
});

/** A stored connection as modal values; a connection without hours gets the default week. */
export function toConnectionForm(record: ConnectionRecord): ConnectionFormValues {
  const empty = emptyConnectionForm(record.provider);
  return {
    ...empty,
    name: record.name,
    isDefault: record.isDefault,
    token: record.token ?? '',
    greetingMessage: record.greetingMessage ?? '',
    complationMessage: record.complationMessage ?? '',
    outOfHoursMessage: record.outOfHoursMessage ?? '',
    ratingMessage: record.ratingMessage ?? '',
    expiresInactiveMessage: record.expiresInactiveMessage ?? '',
    expiresTicket: record.expiresTicket,
    timeUseBotQueues: record.timeUseBotQueues,
    maxUseBotQueues: record.maxUseBotQueues,
    timeToTransfer: record.timeToTransfer ?? 0,
    transferQueueId: record.transferQueueId,
    promptId: record.promptId,
    integrationId: record.integrationId,
    queueIds: record.queueIds ?? record.queues.map((queue) => queue.id),
    schedules:
      record.schedules.length > 0
        ? record.schedules.map((day) => ({ ...day, weekdayEn: day.weekdayEn as WeekdayEn }))
        : empty.schedules,
    cloudPhoneNumberId: record.cloudPhoneNumberId ?? '',
    cloudWabaId: record.cloudWabaId ?? '',
    // The secrets come back masked: sent back unchanged, the server keeps the stored ones.
    cloudAccessToken: record.cloudAccessToken ?? '',
    cloudAppSecret: record.cloudAppSecret ?? '',
  };
}

/** 32 random hex characters for the API token field. */
export function generateToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Which tab holds a field, so a server error on a hidden field opens its tab. */
export const tabOfField: Record<string, ConnectionTab> = {
  name: 'general',
  provider: 'general',
  isDefault: 'general',
  token: 'general',
  queueIds: 'general',
  cloudPhoneNumberId: 'general',
  cloudWabaId: 'general',
  cloudAccessToken: 'general',
  cloudAppSecret: 'general',
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  expiresInactiveMessage: 'messages',
  ratingMessage: 'assessments',
  expiresTicket: 'automation',
  timeUseBotQueues: 'automation',
  maxUseBotQueues: 'automation',
  timeToTransfer: 'automation',
  transferQueueId: 'automation',
  promptId: 'integrations',
  integrationId: 'integrations',
  schedules: 'hours',
};

/** The spec's five tabs plus automation (chatbot and timers; see docs/decisions/channels.md). */
export const connectionTabs = ['general', 'messages', 'assessments', 'automation', 'integrations', 'hours'] as const;
export type ConnectionTab = (typeof connectionTabs)[number];

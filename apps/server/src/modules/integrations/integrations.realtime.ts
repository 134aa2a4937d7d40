import { companyEvent, type PromptRecord, type QueueIntegrationRecord, rooms } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/**
 * The only place that emits `company-{id}-prompt` and `company-{id}-queueIntegration`: to the
 * company's own room, with secrets already masked in the records.
 */
export function createIntegrationsRealtime(realtime: Realtime) {
  const to = (companyId: number) => realtime.io.to(rooms.company(companyId));
  return {
    promptSaved: (companyId: number, action: 'create' | 'update', prompt: PromptRecord) =>
      to(companyId).emit(companyEvent(companyId, 'prompt'), { action, prompt }),
    promptDeleted: (companyId: number, promptId: number) =>
      to(companyId).emit(companyEvent(companyId, 'prompt'), { action: 'delete', promptId }),
    integrationSaved: (companyId: number, action: 'create' | 'update', queueIntegration: QueueIntegrationRecord) =>
      to(companyId).emit(companyEvent(companyId, 'queueIntegration'), { action, queueIntegration }),
    integrationDeleted: (companyId: number, integrationId: number) =>
      to(companyId).emit(companyEvent(companyId, 'queueIntegration'), { action: 'delete', integrationId }),
  };
}

export type IntegrationsRealtime = ReturnType<typeof createIntegrationsRealtime>;

import type { CompanyUsage } from '@wacrm/shared/companies/company.schema';
import type { QueueFields, QueueRecord } from '@wacrm/shared/queues/queue.schema';
import type { QueueOptionCreate, QueueOptionRecord, QueueOptionUpdate } from '@wacrm/shared/queues/queue-option.schema';
import { http } from '../../../lib/api.ts';

export const queuesKeys = {
  all: ['queues'] as const,
  list: (companyId: number) => ['queues', companyId] as const,
  detail: (id: number) => ['queues', 'detail', id] as const,
  options: (queueId: number) => ['queues', 'options', queueId] as const,
  usage: (companyId: number) => ['queues', 'usage', companyId] as const,
};

export const queuesApi = {
  list: () => http.get<QueueRecord[]>('/api/queue'),
  find: (id: number) => http.get<QueueRecord>(`/api/queue/${id}`),
  // Silent: the modal shows the failure next to its fields.
  create: (fields: QueueFields) => http.post<QueueRecord>('/api/queue', fields, { silent: true }),
  update: (id: number, fields: QueueFields) => http.put<QueueRecord>(`/api/queue/${id}`, fields, { silent: true }),
  remove: (id: number) => http.delete(`/api/queue/${id}`),
  usage: () => http.get<CompanyUsage>('/api/companies/usage', { silent: true }),
  /** The whole menu: the root options, each with its nested children. */
  options: (queueId: number) => http.get<QueueOptionRecord[]>('/api/queue-options', { query: { queueId } }),
  createOption: (fields: QueueOptionCreate) =>
    http.post<QueueOptionRecord>('/api/queue-options', fields, { silent: true }),
  updateOption: (id: number, fields: QueueOptionUpdate) =>
    http.put<QueueOptionRecord>(`/api/queue-options/${id}`, fields, { silent: true }),
  removeOption: (id: number) => http.delete(`/api/queue-options/${id}`),
};

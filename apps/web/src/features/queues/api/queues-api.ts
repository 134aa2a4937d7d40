import { companyRoutes } from '@wacrm/shared/companies/company.routes';
import { queueRoutes } from '@wacrm/shared/queues/queue.routes';
import type { QueueFields } from '@wacrm/shared/queues/queue.schema';
import type { QueueOptionCreate, QueueOptionUpdate } from '@wacrm/shared/queues/queue-option.schema';
import { http } from '../../../lib/api.ts';

export const queuesKeys = {
  all: ['queues'] as const,
  list: (companyId: number) => ['queues', companyId] as const,
  detail: (id: number) => ['queues', 'detail', id] as const,
  options: (queueId: number) => ['queues', 'options', queueId] as const,
  usage: (companyId: number) => ['queues', 'usage', companyId] as const,
};

export const queuesApi = {
  list: () => http.call(queueRoutes.list),
  find: (id: number) => http.call(queueRoutes.find, { params: { id } }),
  // Silent: the modal shows the failure next to its fields.
  create: (body: QueueFields) => http.call(queueRoutes.create, { body, silent: true }),
  update: (id: number, body: QueueFields) => http.call(queueRoutes.update, { params: { id }, body, silent: true }),
  remove: (id: number) => http.call(queueRoutes.remove, { params: { id } }),
  usage: () => http.call(companyRoutes.usage, { silent: true }),
  /** The whole menu: the root options, each with its nested children. */
  options: (queueId: number) => http.call(queueRoutes.options, { query: { queueId } }),
  createOption: (body: QueueOptionCreate) => http.call(queueRoutes.createOption, { body, silent: true }),
  updateOption: (id: number, body: QueueOptionUpdate) =>
    http.call(queueRoutes.updateOption, { params: { id }, body, silent: true }),
  removeOption: (id: number) => http.call(queueRoutes.removeOption, { params: { id } }),
};

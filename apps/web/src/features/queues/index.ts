// What other features use of queues: the queue list.
export { queuesApi, queuesKeys } from './api/queues-api.ts';

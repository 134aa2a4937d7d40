// What other features use of flows: the flow list, to pick one.
export { flowsApi, flowsKeys } from './api/flows-api.ts';

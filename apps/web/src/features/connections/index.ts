// What other features use of connections: the company's connections and their status.
export { connectionsApi } from './api/connections-api.ts';
export { templatesApi, templatesKeys } from './api/templates-api.ts';
export { ConnectionStatus } from './components/connection-status.tsx';
export { TemplateFields } from './components/template-fields.tsx';
export { useConnections } from './hooks/use-connections.ts';
export type { ConnectionSummary } from './model/connection-list.ts';
export type { TemplateChoice } from './model/template-choice.ts';
export { isChoiceComplete } from './model/template-choice.ts';

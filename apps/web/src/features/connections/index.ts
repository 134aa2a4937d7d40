// What other features use of connections: the company's connections, their status and QR code.
export { connectionsApi } from './api/connections-api.ts';
export { templatesApi, templatesKeys } from './api/templates-api.ts';
export { ConnectionStatus } from './components/connection-status.tsx';
export { QrCodeView } from './components/qr-code-view.tsx';
export { TemplateFields } from './components/template-fields.tsx';
export { useConnections } from './hooks/use-connections.ts';
export type { ConnectionSummary } from './model/connection-list.ts';
export type { TemplateChoice } from './model/template-choice.ts';
export { isChoiceComplete } from './model/template-choice.ts';

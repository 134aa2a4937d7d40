// What other features use of connections: the company's connections, their status and QR code.
export { connectionsApi } from './api/connections-api.ts';
export { ConnectionStatus } from './components/connection-status.tsx';
export { QrCodeView } from './components/qr-code-view.tsx';
export { useConnections } from './hooks/use-connections.ts';
export type { ConnectionSummary } from './model/connection-list.ts';

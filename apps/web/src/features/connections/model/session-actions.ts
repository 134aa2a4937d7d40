import { formatShortDateTime } from '../../../lib/format.ts';
/** What the session column offers for a status (spec: Connection states). */
export type SessionAction = 'showQr' | 'retry' | 'newQr' | 'disconnect' | 'connecting';

/**
 * spec: qrcode → show-QR; DISCONNECTED → try again and new QR; CONNECTED, PAIRING,
 * TIMEOUT → disconnect; OPENING → a disabled "connecting" button. A Cloud API connection has no
 * QR: "try again" checks its credentials at Meta again.
 */
export function sessionActionsFor(status: string, provider?: string): SessionAction[] {
  switch (status) {
    case 'qrcode':
      return ['showQr'];
    case 'DISCONNECTED':
      return provider === 'cloudapi' ? ['retry'] : ['retry', 'newQr'];
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return ['disconnect'];
    case 'OPENING':
      return ['connecting'];
    default:
      return [];
  }
}

/** spec: the last update column reads dd/MM/yy HH:mm, local time. */
export function formatLastUpdate(value: string | null | undefined): string {
  return formatShortDateTime(value);
}

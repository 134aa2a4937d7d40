/** What the session column offers for a status (spec: Connection states). */
export type SessionAction = 'showQr' | 'retry' | 'newQr' | 'disconnect' | 'connecting';

/**
 * spec: qrcode → show-QR; DISCONNECTED → try again and new QR; CONNECTED, PAIRING,
 * TIMEOUT → disconnect; OPENING → a disabled "connecting" button.
 */
export function sessionActionsFor(status: string): SessionAction[] {
  switch (status) {
    case 'qrcode':
      return ['showQr'];
    case 'DISCONNECTED':
      return ['retry', 'newQr'];
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

const pad = (value: number) => String(value).padStart(2, '0');

/** spec: the last update column reads dd/MM/yy HH:mm, local time. */
export function formatLastUpdate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const year = String(date.getFullYear()).slice(-2);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${year} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.ts';
import { deliveryErrorOf } from './webhooks.delivery.ts';

/** What fetch really throws, against a port on this machine that nobody listens on, or a silent one. */
async function fetchError(hang: boolean) {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  if (!hang) await new Promise<void>((resolve) => server.close(() => resolve()));
  try {
    await fetch(`http://127.0.0.1:${port}/hook`, { signal: AbortSignal.timeout(200) });
    return null;
  } catch (error) {
    return error;
  } finally {
    if (hang) server.close();
  }
}

describe('a webhook attempt that got no answer', () => {
  it('is told as a code the delivery log translates, never as a JavaScript error name', async () => {
    expect(deliveryErrorOf(await fetchError(false))).toBe('CONNECTION_FAILED');
    expect(deliveryErrorOf(await fetchError(true))).toBe('TIMEOUT');
    expect(deliveryErrorOf(new AppError('ERR_URL_NOT_ALLOWED'))).toBe('ERR_URL_NOT_ALLOWED');
    expect(deliveryErrorOf('strange')).toBe('ERROR');
  });
});

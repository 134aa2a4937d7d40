import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a receiver got: headers and the raw body, exactly as sent. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A webhook receiver for tests: a real HTTP server on loopback that records every request and
 * answers what `answer(path, request)` says (200 by default).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let answer: (path: string, count: number) => number = () => 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answer(path, received.filter((entry) => entry.path === path).length);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((entry) => entry.path === path),
    answerWith(next: (path: string, count: number) => number) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

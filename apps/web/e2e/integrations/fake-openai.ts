import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Chat = { model: string; messages: { role: string; content: string }[] };

/**
 * OpenAI's chat completions endpoint as the official client calls it under `{url}/v1`: each call
 * answers the next scripted reply (or echoes the customer), and is kept for the test to read.
 */
export async function startFakeOpenAi() {
  const replies: string[] = [];
  const chats: Chat[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { message: 'Unknown route', type: 'invalid_request_error' } }));
        return;
      }
      const chat = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Chat;
      chats.push(chat);
      const content = replies.shift() ?? `Echo: ${chat.messages.at(-1)?.content ?? ''}`;
      response.end(
        JSON.stringify({
          id: `chatcmpl-${chats.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: chat.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    chats,
    reply: (text: string) => replies.push(text),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A throwaway service-account JSON key, for the Dialogflow form. */
export function fakeServiceAccountJson() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return JSON.stringify({
    type: 'service_account',
    project_id: 'faq-project',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'faq@faq-project.iam.gserviceaccount.com',
    token_uri: 'https://oauth2.example.com/token',
  });
}

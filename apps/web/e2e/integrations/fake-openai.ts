import { generateKeyPairSync } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base } from '../support/fixtures.ts';
import { type RunningServer, startServer } from '../support/server.ts';

type Chat = { model: string; stream?: boolean; messages: { role: string; content: string }[] };
type Scripted = { text: string; pieceDelayMs: number };

/**
 * OpenAI's chat completions endpoint as the official client calls it under `{url}/v1`: each call
 * answers the next scripted reply (or echoes the customer), as one JSON answer or, for
 * `stream: true`, as server-sent chunks a word at a time; each call is kept for the test to read
 * (`chats` the bodies, `requests` with the authorization header too). `abandonedStreams` counts the
 * streams whose caller hung up before the end (a cancelled assist).
 */
export async function startFakeOpenAi() {
  const replies: Scripted[] = [];
  const chats: Chat[] = [];
  const requests: { authorization: string | undefined; body: Chat }[] = [];
  let abandonedStreams = 0;
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
      requests.push({ authorization: request.headers.authorization, body: chat });
      const next = replies.shift() ?? { text: `Echo: ${chat.messages.at(-1)?.content ?? ''}`, pieceDelayMs: 0 };
      const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
      if (chat.stream) {
        void streamReply(response, chat.model, next, usage).then((isWhole) => {
          if (!isWhole) abandonedStreams++;
        });
        return;
      }
      response.end(
        JSON.stringify({
          id: `chatcmpl-${chats.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: chat.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: next.text } }],
          usage,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    chats,
    requests,
    get abandonedStreams() {
      return abandonedStreams;
    },
    reply: (text: string, options: { pieceDelayMs?: number } = {}) =>
      replies.push({ text, pieceDelayMs: options.pieceDelayMs ?? 0 }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Chunks as OpenAI streams them (`data: {chunk}` lines, the usage chunk, `data: [DONE]`); false when the caller left first. */
async function streamReply(response: ServerResponse, model: string, scripted: Scripted, usage: object) {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const chunk = (choices: unknown[], extra: object = {}) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-stream', object: 'chat.completion.chunk', created: 0, model, choices, ...extra })}\n\n`;
  for (const piece of scripted.text.match(/\S+\s*/g) ?? []) {
    if (scripted.pieceDelayMs) await new Promise((resolve) => setTimeout(resolve, scripted.pieceDelayMs));
    if (response.destroyed) return false;
    response.write(chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]));
  }
  response.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
  response.write(chunk([], { usage }));
  response.end('data: [DONE]\n\n');
  return true;
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

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;

/**
 * A `test` whose worker runs a fake OpenAI and its own server pointed at it (`serverEnv` beside):
 * the specs that talk to OpenAI-compatible APIs (prompts, integrations, the AI assist).
 */
export function testWithFakeOpenAi(serverEnv: Record<string, string> = {}) {
  return base.extend<object, { openai: FakeOpenAi; server: RunningServer }>({
    openai: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
      async ({}, use) => {
        const openai = await startFakeOpenAi();
        await use(openai);
        await openai.close();
      },
      { scope: 'worker' },
    ],
    server: [
      async ({ openai }, use) => {
        const server = await startServer({ OPENAI_BASE_URL: openai.baseUrl, ...serverEnv });
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
  });
}

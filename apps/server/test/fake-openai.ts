import type { ServerResponse } from 'node:http';
import { sendJson, startHttpFake } from '../src/modules/integrations/fakes/http-fake.ts';

type Usage = { prompt_tokens: number; completion_tokens: number };
type Scripted =
  | { kind: 'text'; text: string; usage: Usage | null; pieceDelayMs: number }
  | { kind: 'fail'; status: number }
  | { kind: 'hang' };

export interface FakeChat {
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    max_tokens?: number;
    messages: { role: string; content: string }[];
  };
}

/**
 * OpenAI's chat completions (plain JSON and `stream: true` server-sent chunks, with the usage
 * chunk when `stream_options.include_usage` asks for it) and audio transcription, as the official
 * client calls them under `{url}/v1`. Answers are scripted per call; with none left it echoes the
 * last message.
 */
export async function startFakeOpenAi() {
  const script: Scripted[] = [];
  let transcription: { status: number; text: string } = { status: 200, text: 'quero um bolo de chocolate' };
  const chats: FakeChat[] = [];
  /** Streams the client closed before their end (a cancel). */
  let abandonedStreams = 0;
  const fake = await startHttpFake(async (request, response) => {
    if (request.method === 'POST' && request.path === '/v1/chat/completions') {
      const body = JSON.parse(request.text) as FakeChat['body'];
      chats.push({ authorization: request.headers.authorization, body });
      const next: Scripted = script.shift() ?? {
        kind: 'text',
        text: `Echo: ${body.messages.at(-1)?.content ?? ''}`,
        usage: { prompt_tokens: 1, completion_tokens: 1 },
        pieceDelayMs: 0,
      };
      if (next.kind === 'hang') return; // never answers: the client's timeout fires
      if (next.kind === 'fail') {
        return sendJson(response, next.status, { error: { message: `status ${next.status}`, type: 'error' } });
      }
      if (!body.stream) return sendJson(response, 200, completion(next.text, next.usage));
      const finished = await streamCompletion(response, next, body.stream_options?.include_usage === true);
      if (!finished) abandonedStreams++;
      return;
    }
    if (request.method === 'POST' && request.path === '/v1/audio/transcriptions') {
      if (transcription.status !== 200) {
        return sendJson(response, transcription.status, {
          error: { message: 'Not found', type: 'invalid_request_error' },
        });
      }
      return sendJson(response, 200, { text: transcription.text });
    }
    sendJson(response, 404, { error: { message: 'Unknown route', type: 'invalid_request_error' } });
  });
  return {
    ...fake,
    baseUrl: `${fake.url}/v1`,
    chats,
    get abandonedStreams() {
      return abandonedStreams;
    },
    /**
     * The next answers, in order: a text (with its usage, or none as some compatible servers do;
     * streamed a word at a time, `pieceDelayMs` apart), an HTTP error, or no answer at all.
     */
    reply: (text: string, options: { usage?: Usage | null; pieceDelayMs?: number } = {}) =>
      script.push({
        kind: 'text',
        text,
        usage: options.usage === undefined ? { prompt_tokens: 1, completion_tokens: 1 } : options.usage,
        pieceDelayMs: options.pieceDelayMs ?? 0,
      }),
    fail: (status: number) => script.push({ kind: 'fail', status }),
    hang: () => script.push({ kind: 'hang' }),
    transcriptions: (status: number, text = '') => {
      transcription = { status, text };
    },
  };
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;

function completion(text: string, usage: Usage | null) {
  return {
    id: `chatcmpl-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'gpt-4o-mini',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } }],
    ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
  };
}

/** Chunks as OpenAI streams them: `data: {chunk}` lines, then `data: [DONE]`. False when the client left. */
async function streamCompletion(
  response: ServerResponse,
  scripted: Extract<Scripted, { kind: 'text' }>,
  includeUsage: boolean,
) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const id = `chatcmpl-${Date.now()}`;
  const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: 'gpt-4o-mini',
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...extra,
    })}\n\n`;
  let closed = false;
  response.on('close', () => {
    closed = !response.writableFinished;
  });
  response.write(chunk({ role: 'assistant', content: '' }, null));
  for (const piece of scripted.text.match(/\S+\s*/g) ?? []) {
    if (scripted.pieceDelayMs) await new Promise((resolve) => setTimeout(resolve, scripted.pieceDelayMs));
    if (closed) return false;
    response.write(chunk({ content: piece }, null));
  }
  response.write(chunk({}, 'stop'));
  if (includeUsage && scripted.usage) {
    const usage = { ...scripted.usage, total_tokens: scripted.usage.prompt_tokens + scripted.usage.completion_tokens };
    response.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model: 'gpt-4o-mini', choices: [], usage })}\n\n`,
    );
  }
  response.end('data: [DONE]\n\n');
  return true;
}

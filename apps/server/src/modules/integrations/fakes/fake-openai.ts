import { sendJson, startHttpFake } from './http-fake.ts';

type Scripted = { status: number; body: unknown } | { hang: true };

/**
 * OpenAI's chat completions and audio transcription endpoints, as the official client calls
 * them under `{url}/v1`. Answers are scripted per call (`script`); with none left it echoes.
 */
export async function startFakeOpenAi() {
  const script: Scripted[] = [];
  let transcription: { status: number; text: string } = { status: 200, text: 'quero um bolo de chocolate' };
  const chats: {
    authorization: string | undefined;
    body: { model: string; messages: { role: string; content: string }[] };
  }[] = [];
  const fake = await startHttpFake((request, response) => {
    if (request.method === 'POST' && request.path === '/v1/chat/completions') {
      const body = JSON.parse(request.text);
      chats.push({ authorization: request.headers.authorization, body });
      const next = script.shift();
      if (next && 'hang' in next) return; // never answers: the client's timeout fires
      if (next) return sendJson(response, next.status, next.body);
      const last = body.messages.at(-1)?.content ?? '';
      return sendJson(response, 200, completion(`Echo: ${last}`));
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
    /** The next answers, in order: a text, an HTTP error, or no answer at all. */
    reply: (text: string) => script.push({ status: 200, body: completion(text) }),
    fail: (status: number) => script.push({ status, body: { error: { message: `status ${status}`, type: 'error' } } }),
    hang: () => script.push({ hang: true }),
    transcriptions: (status: number, text = '') => {
      transcription = { status, text };
    },
  };
}

function completion(text: string) {
  return {
    id: `chatcmpl-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'gpt-4o-mini',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

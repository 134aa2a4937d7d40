import { randomUUID } from 'node:crypto';
import { sendJson, startHttpFake } from './http-fake.ts';

const text = (line: string) => ({
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children: [{ text: line }] }] },
});

/**
 * Typebot's public chat API (`/api/v1/typebots/{slug}/startChat`, `/api/v1/sessions/{id}/continueChat`)
 * running a small bakery bot: a greeting, an image and a choice; a choice answers and asks again.
 */
export async function startFakeTypebot(
  slug: string,
  imageUrlOf: (base: string) => string,
  options: { endOn?: string } = {},
) {
  /** What each `startChat` received (a flow's typebot node opens the bot without a message). */
  const starts: { message?: unknown }[] = [];
  let imageUrl = '';
  const sessions = new Set<string>();
  const fake = await startHttpFake((request, response) => {
    const choice = {
      type: 'choice input',
      items: [
        { id: 'a', content: 'Bolos' },
        { id: 'b', content: 'Pães' },
      ],
    };
    if (request.method === 'POST' && request.path === `/api/v1/typebots/${slug}/startChat`) {
      const sessionId = randomUUID();
      sessions.add(sessionId);
      starts.push(JSON.parse(request.text || '{}'));
      return sendJson(response, 200, {
        sessionId,
        typebot: { id: 'tb1', theme: {}, settings: {} },
        messages: [text('Bem-vindo à padaria!'), { type: 'image', content: { url: imageUrl } }, text('O que deseja?')],
        input: choice,
      });
    }
    const continued = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(request.path);
    if (request.method === 'POST' && continued) {
      if (!sessions.has(continued[1])) return sendJson(response, 404, { message: 'Session expired' });
      const picked = JSON.parse(request.text).message?.text;
      // The bot's end: it asks nothing more (no input), so the session is over.
      if (options.endOn && picked === options.endOn)
        return sendJson(response, 200, { messages: [text(`Você escolheu ${picked}. Até logo!`)] });
      if (picked === 'Bolos')
        return sendJson(response, 200, { messages: [text('Temos bolo de cenoura.')], input: choice });
      return sendJson(response, 200, { messages: [text(`Você escolheu ${picked}.`)], input: choice });
    }
    if (request.path === '/image.png') {
      response.setHeader('content-type', 'image/png');
      return response.end(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    }
    sendJson(response, 404, { message: 'Not found' });
  });
  imageUrl = imageUrlOf(fake.url);
  return { ...fake, sessions, starts };
}

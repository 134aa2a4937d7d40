import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local Meta Graph API for the WhatsApp Cloud API, speaking the documented protocol under
 * `/{version}/…`: a phone number's profile, `POST /{phone-number-id}/messages` (messages and
 * mark-as-read), `POST /{phone-number-id}/media` (multipart upload), `GET /{media-id}` and the
 * download of its URL, and `GET /{waba-id}/message_templates`. Errors come back as Meta shapes
 * them (`{ error: { message, type, code, error_subcode, fbtrace_id } }`), on demand. It also
 * builds webhook notifications and signs them with an app secret, as Meta does.
 *
 * Over HTTP, for the browser suite and manual trials (`npx tsx apps/server/test/fake-graph-api.ts`):
 * `POST /fake/numbers` `{ number, accessToken }` registers a number, `GET /fake/sent` and
 * `GET /fake/reads` list what the server sent and marked read, `POST /fake/templates`
 * `{ wabaId, templates }` sets an account's templates (Meta's shape), and `POST /fake/deliver`
 * `{ webhookUrl, appSecret, phoneNumberId, from, name, text, secondsAgo? }` posts a customer's
 * message to a connection's webhook, signed, as Meta would.
 */
export interface FakeNumber {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating?: string;
}

interface GraphErrorAnswer {
  status: number;
  code: number;
  message: string;
}

export interface SentMessage {
  phoneNumberId: string;
  to: string;
  type: string;
  body: Record<string, unknown>;
  id: string;
}

export const FAKE_VERSION = 'v23.0';

export async function startFakeGraphApi() {
  const numbers = new Map<string, FakeNumber>();
  const validTokens = new Set<string>();
  const media = new Map<string, { data: Buffer; mimeType: string; filename?: string }>();
  const templates = new Map<string, unknown[]>();
  const sent: SentMessage[] = [];
  const reads: { phoneNumberId: string; messageId: string }[] = [];
  /** The tokens of every call answered 190, in order. */
  const refusedTokens: string[] = [];
  /** Errors to answer to the next sends, in order (130429 throttling, 190 token, …). */
  const sendErrors: GraphErrorAnswer[] = [];

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const fail = ({ status, code, message }: GraphErrorAnswer) =>
      send(status, { error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(6).toString('hex') } });

    if (url.pathname.startsWith('/fake/')) return control(req.method ?? '', url.pathname, raw, send);
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!validTokens.has(token)) {
      refusedTokens.push(token);
      return fail({ status: 401, code: 190, message: 'Error validating access token: Session has expired.' });
    }
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'download' && parts[1]) {
      const item = media.get(parts[1]);
      if (!item) return fail({ status: 404, code: 100, message: 'Unknown media' });
      res.writeHead(200, { 'content-type': item.mimeType });
      return res.end(item.data);
    }
    if (parts[0] !== FAKE_VERSION) return fail({ status: 400, code: 2635, message: 'Unknown API version' });
    const [, id, edge] = parts;

    if (req.method === 'GET' && id && !edge) {
      const number = numbers.get(id);
      if (number) {
        return send(200, {
          id,
          display_phone_number: number.displayPhoneNumber,
          verified_name: number.verifiedName,
          quality_rating: number.qualityRating ?? 'GREEN',
        });
      }
      const item = media.get(id);
      if (item) {
        return send(200, {
          messaging_product: 'whatsapp',
          id,
          url: `${baseUrl}/download/${id}`,
          mime_type: item.mimeType,
          sha256: 'fake',
          file_size: item.data.length,
        });
      }
      return fail({
        status: 400,
        code: 100,
        message: `Unsupported get request. Object with ID '${id}' does not exist`,
      });
    }

    if (req.method === 'POST' && id && edge === 'messages') {
      if (!numbers.has(id)) return fail({ status: 400, code: 100, message: 'Invalid phone number id' });
      const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      if (body.status === 'read') {
        reads.push({ phoneNumberId: id, messageId: String(body.message_id) });
        return send(200, { success: true });
      }
      const error = sendErrors.shift() ?? (body.type === 'template' ? templateError(id, body) : null);
      if (error) return fail(error);
      const messageId = `wamid.${randomBytes(12).toString('hex')}`;
      sent.push({ phoneNumberId: id, to: String(body.to), type: String(body.type), body, id: messageId });
      return send(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: messageId }],
      });
    }

    if (req.method === 'POST' && id && edge === 'media') {
      const form = await new Response(raw, {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
      const file = form.get('file');
      if (form.get('messaging_product') !== 'whatsapp' || !(file instanceof Blob)) {
        return fail({ status: 400, code: 100, message: 'Param file is required' });
      }
      const mediaId = randomBytes(8).toString('hex');
      media.set(mediaId, {
        data: Buffer.from(await file.arrayBuffer()),
        mimeType: String(form.get('type') ?? file.type),
        filename: (file as File).name,
      });
      return send(200, { id: mediaId });
    }

    if (req.method === 'GET' && id && edge === 'message_templates') {
      return send(200, { data: templates.get(id) ?? [], paging: { cursors: { before: 'a', after: 'b' } } });
    }
    return fail({ status: 400, code: 100, message: 'Unsupported request' });
  });

  /** Meta's refusals of a template send: an unknown name or language, or the wrong parameter count. */
  function templateError(phoneNumberId: string, body: Record<string, unknown>): GraphErrorAnswer | null {
    const wanted = body.template as { name?: string; language?: { code?: string }; components?: unknown[] };
    const list = (templates.get(numbers.get(phoneNumberId)?.wabaId ?? '') ?? []) as {
      name: string;
      language: string;
      status: string;
      components: { type: string; text?: string }[];
    }[];
    const template = list.find((item) => item.name === wanted?.name && item.language === wanted?.language?.code);
    if (template?.status !== 'APPROVED') {
      return { status: 404, code: 132_001, message: 'Template name does not exist in the translation' };
    }
    const placeholders = (type: string) =>
      new Set(
        [...(template.components.find((c) => c.type === type)?.text ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]),
      ).size;
    const given = (type: string) =>
      ((wanted.components ?? []) as { type: string; parameters?: unknown[] }[]).find((c) => c.type === type)?.parameters
        ?.length ?? 0;
    if (placeholders('HEADER') !== given('header') || placeholders('BODY') !== given('body')) {
      return {
        status: 400,
        code: 132_000,
        message: 'Number of parameters does not match the expected number of params',
      };
    }
    return null;
  }

  async function control(method: string, path: string, raw: Buffer, send: (status: number, body: unknown) => void) {
    const body = raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
    if (method === 'POST' && path === '/fake/numbers') {
      numbers.set((body.number as FakeNumber).phoneNumberId, body.number as FakeNumber);
      validTokens.add(String(body.accessToken));
      return send(201, { ok: true });
    }
    if (method === 'GET' && path === '/fake/sent') return send(200, sent);
    if (method === 'POST' && path === '/fake/templates') {
      templates.set(String(body.wabaId), body.templates as unknown[]);
      return send(201, { ok: true });
    }
    if (method === 'GET' && path === '/fake/reads') return send(200, reads);
    if (method === 'POST' && path === '/fake/deliver') {
      const number = numbers.get(String(body.phoneNumberId));
      if (!number) return send(404, { error: 'unknown number' });
      const from = String(body.from);
      const notification = webhookBody(number, {
        contacts: [{ waId: from, name: String(body.name ?? '') }],
        // `secondsAgo` backdates the message (a customer service window already closed).
        messages: [
          textMessage(from, String(body.text ?? ''), {
            timestamp: String(Math.floor(Date.now() / 1000) - Number(body.secondsAgo ?? 0)),
          }),
        ],
      });
      const { payload, signature } = signWebhook(String(body.appSecret), notification);
      const answer = await fetch(String(body.webhookUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body: payload,
      });
      return send(200, { status: answer.status, body: await answer.text() });
    }
    return send(404, { error: 'unknown control path' });
  }

  await new Promise<void>((resolve) => server.listen(Number(process.env.FAKE_GRAPH_PORT ?? 0), '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    version: FAKE_VERSION,
    sent,
    reads,
    refusedTokens,
    media,
    addNumber(number: FakeNumber, accessToken: string) {
      numbers.set(number.phoneNumberId, number);
      validTokens.add(accessToken);
    },
    revokeToken: (accessToken: string) => validTokens.delete(accessToken),
    setTemplates: (wabaId: string, list: unknown[]) => templates.set(wabaId, list),
    /** Media a customer sent: the webhook names it by the id this answers. */
    addMedia(data: Buffer, mimeType: string, filename?: string) {
      const mediaId = randomBytes(8).toString('hex');
      media.set(mediaId, { data, mimeType, filename });
      return mediaId;
    },
    failNextSends(...errors: GraphErrorAnswer[]) {
      sendErrors.push(...errors);
    },
    /** How many of the queued errors no send has met yet; `clearSendErrors` drops them. */
    pendingSendErrors: () => sendErrors.length,
    clearSendErrors: () => sendErrors.splice(0).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeGraphApi = Awaited<ReturnType<typeof startFakeGraphApi>>;

/** A webhook notification for one phone number, as Meta posts it. */
export function webhookBody(
  number: Pick<FakeNumber, 'phoneNumberId' | 'wabaId' | 'displayPhoneNumber'>,
  content: { contacts?: { waId: string; name: string }[]; messages?: unknown[]; statuses?: unknown[] },
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: number.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: number.phoneNumberId },
              ...(content.contacts
                ? {
                    contacts: content.contacts.map((contact) => ({
                      profile: { name: contact.name },
                      wa_id: contact.waId,
                    })),
                  }
                : {}),
              ...(content.messages ? { messages: content.messages } : {}),
              ...(content.statuses ? { statuses: content.statuses } : {}),
            },
          },
        ],
      },
    ],
  };
}

/** A customer's text message in a webhook. */
export function textMessage(from: string, body: string, extra: Record<string, unknown> = {}) {
  return {
    from,
    id: `wamid.${randomBytes(12).toString('hex')}`,
    timestamp: String(Math.floor(Date.now() / 1000)),
    type: 'text',
    text: { body },
    ...extra,
  };
}

/** A customer's tap on a reply button or a list row of an interactive message we sent. */
export function interactiveReply(
  from: string,
  kind: 'button_reply' | 'list_reply',
  reply: { id: string; title: string },
  repliedTo?: string,
) {
  return {
    from,
    id: `wamid.${randomBytes(12).toString('hex')}`,
    timestamp: String(Math.floor(Date.now() / 1000)),
    type: 'interactive',
    interactive: { type: kind, [kind]: reply },
    ...(repliedTo ? { context: { id: repliedTo } } : {}),
  };
}

/** The body as bytes and its `X-Hub-Signature-256`, as Meta signs with the app secret. */
export function signWebhook(appSecret: string, body: unknown) {
  const payload = JSON.stringify(body);
  return { payload, signature: `sha256=${createHmac('sha256', appSecret).update(payload).digest('hex')}` };
}

// Run directly: a Graph API for manual trials and the browser suite, printing how to point the server at it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const graph = await startFakeGraphApi();
  console.log(`Fake Graph API on ${graph.url}. Start the server with:
  WHATSAPP_GRAPH_URL=${graph.url} WHATSAPP_GRAPH_VERSION=${graph.version}
Register a number: curl -X POST ${graph.url}/fake/numbers -H 'content-type: application/json' -d '{"number":{"phoneNumberId":"1000001","wabaId":"2000001","displayPhoneNumber":"+55 11 4000-0001","verifiedName":"Loja"},"accessToken":"token"}'`);
}

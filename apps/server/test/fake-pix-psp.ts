import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local PSP speaking the Central Bank's standard Pix API, for tests and manual trials:
 * `POST /oauth/token` (client credentials, Basic auth), `PUT /v2/cob/{txid}`, `GET /v2/cob/{txid}`,
 * `GET /v2/loc/{id}/qrcode` and `PUT /v2/webhook/{chave}`. Paying a charge (what a bank app would
 * do) is `pay(txid)` here or `POST /fake/pay/{txid}` over HTTP: it marks the charge CONCLUIDA and
 * calls the registered webhook at `<url>/pix` with the shared secret, as PSPs do.
 *
 * Manual trial: `npx tsx apps/server/test/fake-pix-psp.ts` (see the README).
 */
export interface FakePspOptions {
  clientId?: string;
  clientSecret?: string;
  webhookSecret?: string;
  /** Where to send the callbacks (the server's `/api/payments/pix/webhook`); `/pix` is appended. */
  webhookUrl?: string;
  /** How the secret travels: the `x-webhook-secret` header (default) or a `?hmac=` query parameter. */
  secretIn?: 'header' | 'query';
  port?: number;
}

interface Charge {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA';
  amount: string;
  chave: string;
  locId: number;
  createdAt: string;
  expiresIn: number;
  debtor: unknown;
  brCode: string;
}

export async function startFakePsp(options: FakePspOptions = {}) {
  const clientId = options.clientId ?? 'fake-client';
  const clientSecret = options.clientSecret ?? 'fake-secret';
  const tokens = new Set<string>();
  const charges = new Map<string, Charge>();
  const byLoc = new Map<number, Charge>();
  let webhookUrl = options.webhookUrl ?? null;
  let nextLoc = 1;
  /** Every request the PSP received, for tests that check what the server sent. */
  const requests: { method: string; path: string; body: unknown }[] = [];

  const server = http.createServer(async (req, res) => {
    const body = await readJsonOrForm(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ method: req.method ?? '', path: url.pathname, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (
        req.headers.authorization !== expected ||
        (body as { grant_type?: string }).grant_type !== 'client_credentials'
      ) {
        return send(401, { error: 'invalid_client' });
      }
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read' });
    }
    if (url.pathname.startsWith('/fake/')) return control(req.method ?? '', url.pathname, body, send);
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) return send(401, { title: 'Não autorizado' });

    const cob = /^\/v2\/cob\/([a-zA-Z0-9]{26,35})$/.exec(url.pathname);
    if (cob && req.method === 'PUT') {
      const input = body as {
        calendario?: { expiracao?: number };
        valor?: { original?: string };
        chave?: string;
        devedor?: unknown;
      };
      if (!input.valor?.original || !/^\d+\.\d{2}$/.test(input.valor.original) || !input.chave) {
        return send(400, { title: 'Cobrança inválida', violacoes: [{ propriedade: 'valor.original' }] });
      }
      if (charges.has(cob[1])) return send(409, { title: 'txid em uso' });
      const charge: Charge = {
        txid: cob[1],
        status: 'ATIVA',
        amount: input.valor.original,
        chave: input.chave,
        locId: nextLoc++,
        createdAt: new Date().toISOString(),
        expiresIn: input.calendario?.expiracao ?? 3600,
        debtor: input.devedor ?? null,
        brCode: '',
      };
      charge.brCode = brCode(charge);
      charges.set(charge.txid, charge);
      byLoc.set(charge.locId, charge);
      return send(201, cobView(charge));
    }
    if (cob && req.method === 'GET') {
      const charge = charges.get(cob[1]);
      return charge ? send(200, cobView(charge)) : send(404, { title: 'Cobrança não encontrada' });
    }
    const loc = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(url.pathname);
    if (loc && req.method === 'GET') {
      const charge = byLoc.get(Number(loc[1]));
      if (!charge) return send(404, { title: 'Location não encontrada' });
      return send(200, { qrcode: charge.brCode, imagemQrcode: placeholderImage(charge.txid) });
    }
    const hook = /^\/v2\/webhook\/(.+)$/.exec(url.pathname);
    if (hook && req.method === 'PUT') {
      webhookUrl = (body as { webhookUrl?: string }).webhookUrl ?? null;
      return send(200, { webhookUrl });
    }
    send(404, { title: 'Not found' });
  });

  function cobView(charge: Charge) {
    return {
      txid: charge.txid,
      status: charge.status,
      calendario: { criacao: charge.createdAt, expiracao: charge.expiresIn },
      valor: { original: charge.amount },
      chave: charge.chave,
      devedor: charge.debtor ?? undefined,
      loc: { id: charge.locId, location: `fake-psp.local/qr/v2/${charge.txid}`, tipoCob: 'cob' },
      location: `fake-psp.local/qr/v2/${charge.txid}`,
      pixCopiaECola: charge.brCode,
      revisao: 0,
    };
  }

  /**
   * The payer pays: the charge turns CONCLUIDA and the PSP calls the webhook. `amount` defaults
   * to the charge's; `secret` overrides the one sent (to test refusals). Answers the webhook's status.
   */
  async function pay(txid: string, overrides: { amount?: string; endToEndId?: string; secret?: string | null } = {}) {
    const charge = charges.get(txid);
    if (!charge) throw new Error(`no charge ${txid}`);
    if (!webhookUrl) throw new Error('no webhook registered');
    charge.status = 'CONCLUIDA';
    const endToEndId = overrides.endToEndId ?? `E${randomBytes(15).toString('hex').slice(0, 31)}`;
    const payload = {
      pix: [
        {
          endToEndId,
          txid,
          valor: overrides.amount ?? charge.amount,
          chave: charge.chave,
          horario: new Date().toISOString(),
        },
      ],
    };
    return { endToEndId, status: await callWebhook(payload, overrides.secret), payload };
  }

  async function callWebhook(payload: unknown, secretOverride?: string | null) {
    const secret = secretOverride === undefined ? options.webhookSecret : secretOverride;
    const target = new URL(`${webhookUrl!.replace(/\/+$/, '')}/pix`);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secret && options.secretIn === 'query') target.searchParams.set('hmac', secret);
    else if (secret) headers['x-webhook-secret'] = secret;
    const response = await fetch(target, { method: 'POST', headers, body: JSON.stringify(payload) });
    return response.status;
  }

  async function control(method: string, path: string, body: unknown, send: (s: number, p: unknown) => void) {
    const payMatch = /^\/fake\/pay\/([a-zA-Z0-9]+)$/.exec(path);
    if (method === 'POST' && payMatch) {
      try {
        return send(200, await pay(payMatch[1], (body as { amount?: string }) ?? {}));
      } catch (error) {
        return send(404, { error: (error as Error).message });
      }
    }
    if (method === 'GET' && path === '/fake/charges') return send(200, [...charges.values()].map(cobView));
    // Registers the webhook without a token (PUT /v2/webhook/{chave} is the API's way).
    if (method === 'POST' && path === '/fake/webhook') {
      webhookUrl = (body as { webhookUrl?: string }).webhookUrl ?? null;
      return send(200, { webhookUrl });
    }
    send(404, { title: 'Not found' });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    charges,
    requests,
    pay,
    callWebhook,
    setWebhookUrl: (value: string) => {
      webhookUrl = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakePsp = Awaited<ReturnType<typeof startFakePsp>>;

async function readJsonOrForm(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if (req.headers['content-type']?.includes('x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** An EMV "BR Code" for the charge's location, with its CRC16 as a real one has. */
function brCode(charge: Charge) {
  const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
  const account = field('00', 'br.gov.bcb.pix') + field('25', `fake-psp.local/qr/v2/${charge.txid}`);
  const withoutCrc = `${field('00', '01')}${field('01', '12')}${field('26', account)}${field('52', '0000')}${field('53', '986')}${field('54', charge.amount)}${field('58', 'BR')}${field('59', 'FAKE PSP')}${field('60', 'SAO PAULO')}${field('62', field('05', '***'))}6304`;
  return withoutCrc + crc16(withoutCrc);
}

function crc16(text: string) {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A small image for `imagemQrcode` (real PSPs send a PNG of the code; the web app draws its own). */
function placeholderImage(txid: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" fill="#fff"/><text x="8" y="64" font-size="10">${txid.slice(0, 16)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

// Run directly: a PSP for manual trials, printing the variables to start the server with.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.FAKE_PSP_PORT ?? 8089);
  // 0 picks a free port; the line below says which.
  const webhookSecret = process.env.PIX_WEBHOOK_SECRET ?? 'fake-webhook-secret-123';
  const psp = await startFakePsp({
    port,
    webhookSecret,
    webhookUrl: process.env.FAKE_PSP_WEBHOOK_URL ?? 'http://127.0.0.1:8080/api/payments/pix/webhook',
  });
  console.log(`Fake Pix PSP on ${psp.url}. Start the server with:
  PIX_API_URL=${psp.url} PIX_CLIENT_ID=${psp.clientId} PIX_CLIENT_SECRET=${psp.clientSecret} PIX_KEY=fake@pix.key PIX_WEBHOOK_SECRET=${webhookSecret}
Pay a charge: curl -X POST ${psp.url}/fake/pay/<txid>   (list charges: curl ${psp.url}/fake/charges)`);
}

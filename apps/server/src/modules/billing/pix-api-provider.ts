import { toPixAmount } from '@wacrm/shared';
import type { ChargeRequest, CreatedCharge, PaymentProvider } from './payment-provider.ts';
import { createPixHttp, type PixHttp, type PixHttpOptions } from './pix-http.ts';

export interface PixApiSettings extends PixHttpOptions {
  /** The PSP's base URL; `/oauth/token` and `/v2/...` are under it. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** The receiving Pix key. */
  key: string;
}

/** Renewed this long before the PSP says it expires, so no request goes out with a dying token. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * The Pix API standardised by the Brazilian Central Bank, which every PSP implements:
 * an OAuth2 client-credentials token, an immediate charge `PUT /v2/cob/{txid}` and its QR code
 * through its location (`GET /v2/loc/{id}/qrcode`).
 */
export function createPixApiProvider(settings: PixApiSettings, http: PixHttp = createPixHttp(settings)) {
  const base = settings.apiUrl.replace(/\/+$/, '');
  // A cache, not state: a restart just asks for a new token.
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken() {
    if (token && token.expiresAt > Date.now()) return token.value;
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const response = await http('POST', `${base}/oauth/token`, {
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = response.body as { access_token?: string; expires_in?: number } | null;
    if (response.status !== 200 || !body?.access_token) throw pixError('token', response);
    token = {
      value: body.access_token,
      expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 300) * 1000 - TOKEN_MARGIN_MS),
    };
    return token.value;
  }

  async function call(method: string, path: string, body?: unknown) {
    const bearer = await accessToken();
    const response = await http(method, `${base}${path}`, {
      headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    // A token the PSP revoked early: forget it so the next call asks again.
    if (response.status === 401) token = null;
    return response;
  }

  const provider: PaymentProvider = {
    async createCharge(request: ChargeRequest): Promise<CreatedCharge> {
      const debtor = request.debtor
        ? {
            nome: request.debtor.name,
            ...(request.debtor.taxId.length === 11 ? { cpf: request.debtor.taxId } : { cnpj: request.debtor.taxId }),
          }
        : undefined;
      const created = await call('PUT', `/v2/cob/${encodeURIComponent(request.txid)}`, {
        calendario: { expiracao: request.expiresInSeconds },
        ...(debtor ? { devedor: debtor } : {}),
        valor: { original: toPixAmount(request.amount) },
        chave: settings.key,
        solicitacaoPagador: request.description.slice(0, 140),
      });
      const cob = created.body as {
        txid?: string;
        status?: string;
        calendario?: { criacao?: string; expiracao?: number };
        loc?: { id?: number };
        pixCopiaECola?: string;
      } | null;
      if ((created.status !== 200 && created.status !== 201) || !cob?.loc?.id) throw pixError('cob', created);

      const qr = await call('GET', `/v2/loc/${cob.loc.id}/qrcode`);
      const qrBody = qr.body as { qrcode?: string; imagemQrcode?: string } | null;
      if (qr.status !== 200 || !qrBody?.qrcode || !qrBody.imagemQrcode) throw pixError('qrcode', qr);

      const createdAt = cob.calendario?.criacao ? Date.parse(cob.calendario.criacao) : Date.now();
      const expiresIn = cob.calendario?.expiracao ?? request.expiresInSeconds;
      return {
        txid: cob.txid ?? request.txid,
        qrcode: qrBody.qrcode,
        imagemQrcode: qrBody.imagemQrcode.startsWith('data:')
          ? qrBody.imagemQrcode
          : `data:image/png;base64,${qrBody.imagemQrcode}`,
        expiresAt: new Date((Number.isNaN(createdAt) ? Date.now() : createdAt) + expiresIn * 1000),
      };
    },
  };
  return provider;
}

export class PixApiError extends Error {}

function pixError(step: string, response: { status: number; body: unknown }) {
  const detail = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  return new PixApiError(`Pix API ${step} answered ${response.status}: ${detail?.slice(0, 300)}`);
}

import type { DeliveryFailureReason } from '../../channel-adapter.ts';

/**
 * The calls this app makes to Meta's Graph API for the WhatsApp Cloud API, and nothing else:
 * a number's profile, sending, marking read, media up and down, and the account's templates.
 * Every call carries the connection's access token; the base URL and version are configuration
 * (`WHATSAPP_GRAPH_URL`, `WHATSAPP_GRAPH_VERSION`) so tests and staging point at a fake.
 */

export interface GraphCredentials {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
}

/** What Meta answered when a call failed (`{ error: { code, message, … } }`), or a network failure (code 0). */
export class GraphApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus: number,
    readonly subcode?: number,
    readonly details?: string,
  ) {
    super(message);
  }
}

/** Meta's error codes this app acts on (Cloud API error codes reference). */
export const graphErrorCodes = {
  /** The access token expired, was revoked or lacks a permission. */
  accessTokenInvalid: 190,
  /** Cloud API throughput reached. */
  throughputReached: 130_429,
  /** Too many messages to the same user in a short time. */
  pairRateLimit: 131_056,
  /** The message could not be delivered (not a WhatsApp user, old version, …). */
  undeliverable: 131_026,
  /** More than 24 hours since the customer last wrote: only a template may be sent. */
  reEngagement: 131_047,
} as const;

/** Meta's rate limits (throughput, pair rate): the call was fine, only too soon. */
export function isRateLimitGraphError(error: unknown): boolean {
  return (
    error instanceof GraphApiError &&
    (error.code === graphErrorCodes.throughputReached || error.code === graphErrorCodes.pairRateLimit)
  );
}

/** Errors worth retrying later: Meta's rate limits and calls that never reached it. */
export function isRetryableGraphError(error: unknown): boolean {
  if (!(error instanceof GraphApiError)) return false;
  return isRateLimitGraphError(error) || error.code === 0 || error.httpStatus >= 500;
}

export interface PhoneNumberProfile {
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: string;
}

export interface MediaInfo {
  url: string;
  mimeType: string;
  fileSize?: number;
}

export interface GraphTemplate {
  name: string;
  language: string;
  category: string;
  status: string;
  components: unknown[];
}

/** The body of `POST /{phone-number-id}/messages` after `messaging_product` and `to`. */
export type GraphMessagePayload = Record<string, unknown> & { type: string };

export function createGraphClient(config: { baseUrl: string; version: string; timeoutMs?: number }) {
  const root = `${config.baseUrl.replace(/\/+$/, '')}/${config.version}`;
  const timeoutMs = config.timeoutMs ?? 30_000;

  async function call<T>(accessToken: string, path: string, init: RequestInit = {}): Promise<T> {
    const response = await fetchOrFail(`${root}/${path}`, accessToken, init, timeoutMs);
    const text = await response.text();
    const body = parseJson(text);
    if (!response.ok) throw errorOf(response.status, body);
    return body as T;
  }

  const jsonPost = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  return {
    async phoneNumber(credentials: GraphCredentials): Promise<PhoneNumberProfile> {
      const answer = await call<{ display_phone_number?: string; verified_name?: string; quality_rating?: string }>(
        credentials.accessToken,
        `${encodeURIComponent(credentials.phoneNumberId)}?fields=display_phone_number,verified_name,quality_rating`,
      );
      return {
        displayPhoneNumber: answer.display_phone_number ?? '',
        verifiedName: answer.verified_name ?? '',
        qualityRating: answer.quality_rating ?? 'UNKNOWN',
      };
    },

    /** Sends one message; answers Meta's message id (`wamid.…`). */
    async sendMessage(credentials: GraphCredentials, to: string, payload: GraphMessagePayload): Promise<string> {
      const answer = await call<{ messages?: { id: string }[] }>(
        credentials.accessToken,
        `${encodeURIComponent(credentials.phoneNumberId)}/messages`,
        jsonPost({ messaging_product: 'whatsapp', recipient_type: 'individual', to, ...payload }),
      );
      const id = answer.messages?.[0]?.id;
      if (!id) throw new GraphApiError(0, 'the Graph API answered a send without a message id', 502);
      return id;
    },

    async markRead(credentials: GraphCredentials, messageId: string): Promise<void> {
      await call(
        credentials.accessToken,
        `${encodeURIComponent(credentials.phoneNumberId)}/messages`,
        jsonPost({ messaging_product: 'whatsapp', status: 'read', message_id: messageId }),
      );
    },

    /** Uploads a file to the number's media store; answers the media id to send it by. */
    async uploadMedia(
      credentials: GraphCredentials,
      file: { data: Buffer; mimetype: string; filename: string },
    ): Promise<string> {
      const form = new FormData();
      form.set('messaging_product', 'whatsapp');
      form.set('type', file.mimetype);
      form.set('file', new Blob([new Uint8Array(file.data)], { type: file.mimetype }), file.filename);
      const answer = await call<{ id?: string }>(
        credentials.accessToken,
        `${encodeURIComponent(credentials.phoneNumberId)}/media`,
        { method: 'POST', body: form },
      );
      if (!answer.id) throw new GraphApiError(0, 'the Graph API answered an upload without a media id', 502);
      return answer.id;
    },

    async mediaInfo(accessToken: string, mediaId: string): Promise<MediaInfo> {
      const answer = await call<{ url?: string; mime_type?: string; file_size?: number }>(
        accessToken,
        encodeURIComponent(mediaId),
      );
      if (!answer.url) throw new GraphApiError(0, 'the Graph API answered a media lookup without a URL', 502);
      return { url: answer.url, mimeType: answer.mime_type ?? 'application/octet-stream', fileSize: answer.file_size };
    },

    /** Downloads media from the URL `mediaInfo` answered (it needs the token too). */
    async downloadMedia(accessToken: string, url: string): Promise<Buffer> {
      const response = await fetchOrFail(url, accessToken, {}, timeoutMs);
      if (!response.ok) throw errorOf(response.status, parseJson(await response.text()));
      return Buffer.from(await response.arrayBuffer());
    },

    /** Every template of the WhatsApp Business Account, following Meta's paging. */
    async listTemplates(credentials: GraphCredentials): Promise<GraphTemplate[]> {
      const templates: GraphTemplate[] = [];
      let path: string | null =
        `${encodeURIComponent(credentials.wabaId)}/message_templates?fields=name,language,category,status,components&limit=100`;
      // Meta pages by cursor; a runaway `next` link stops at 50 pages (5,000 templates).
      for (let page = 0; path && page < 50; page += 1) {
        const answer: { data?: GraphTemplate[]; paging?: { cursors?: { after?: string }; next?: string } } = await call(
          credentials.accessToken,
          path,
        );
        templates.push(...(answer.data ?? []));
        const after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
        path = after
          ? `${encodeURIComponent(credentials.wabaId)}/message_templates?fields=name,language,category,status,components&limit=100&after=${encodeURIComponent(after)}`
          : null;
      }
      return templates;
    },
  };
}

export type GraphClient = ReturnType<typeof createGraphClient>;

async function fetchOrFail(url: string, accessToken: string, init: RequestInit, timeoutMs: number) {
  try {
    return await fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new GraphApiError(0, `the Graph API could not be reached: ${(error as Error).message}`, 503);
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function errorOf(httpStatus: number, body: unknown): GraphApiError {
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (!error) return new GraphApiError(0, `the Graph API answered ${httpStatus}`, httpStatus);
  const details = (error.error_data as { details?: unknown } | undefined)?.details;
  return new GraphApiError(
    typeof error.code === 'number' ? error.code : 0,
    typeof error.message === 'string' ? error.message : `the Graph API answered ${httpStatus}`,
    httpStatus,
    typeof error.error_subcode === 'number' ? error.error_subcode : undefined,
    typeof details === 'string' ? details : undefined,
  );
}

/** Meta's error code as the reason the app shows on a message WhatsApp did not deliver. */
export function deliveryFailureReasonOf(code: number): DeliveryFailureReason {
  switch (code) {
    case graphErrorCodes.undeliverable:
      return 'ERR_CLOUD_UNDELIVERABLE';
    case graphErrorCodes.reEngagement:
      return 'ERR_OUTSIDE_SERVICE_WINDOW';
    case graphErrorCodes.accessTokenInvalid:
      return 'ERR_CLOUD_TOKEN_REJECTED';
    default:
      return 'ERR_CLOUD_REJECTED';
  }
}

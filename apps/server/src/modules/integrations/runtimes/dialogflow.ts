import { createSign } from 'node:crypto';
import { assertOutboundUrlAllowed } from '../../../platform/http/outbound-url.ts';
import { parseServiceAccount, type ServiceAccount } from './service-account.ts';
import { type BotResult, failureOf, jsonOf, RetryableBotError } from './types.ts';

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
/** A token is renewed this long before Google says it expires. */
const EXPIRY_MARGIN_MS = 60_000;

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** The OAuth2 JWT-bearer assertion of a service account, signed RS256 with its private key. */
export function signAssertion(account: ServiceAccount, now: Date) {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: account.token_uri, iat, exp: iat + 3600 }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
}

export interface DialogflowQuery {
  json: string;
  projectName: string;
  language: string;
  sessionId: string;
  text: string;
  handoverIntent?: string | null;
}

/**
 * Dialogflow ES over its REST API. Access tokens come from Google's OAuth2 JWT grant and are
 * kept (in memory, per service account) until shortly before they expire; a 401 drops the token
 * and tries once more with a new one.
 */
export function createDialogflowClient(options: {
  apiUrl: string;
  allowPrivateUrls: boolean;
  timeoutMs: number;
  clock: () => Date;
}) {
  const tokens = new Map<string, { token: string; expiresAt: number }>();

  async function post(url: URL | string, init: RequestInit) {
    try {
      return await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      throw new RetryableBotError('dialogflow unreachable', { cause: error });
    }
  }

  async function accessToken(account: ServiceAccount) {
    const key = `${account.client_email}|${account.token_uri}`;
    const cached = tokens.get(key);
    const now = options.clock();
    if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > now.getTime()) return cached.token;
    const url = await assertOutboundUrlAllowed(account.token_uri, {
      allowPrivate: options.allowPrivateUrls,
      field: 'jsonContent',
    });
    const response = await post(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: signAssertion(account, now),
      }),
    });
    if (!response.ok) throw failureOf('google oauth', response);
    const answer = (await jsonOf(response)) as { access_token?: string; expires_in?: number } | null;
    if (!answer?.access_token) throw new Error('google oauth answered no token');
    tokens.set(key, { token: answer.access_token, expiresAt: now.getTime() + (answer.expires_in ?? 3600) * 1000 });
    return answer.access_token;
  }

  async function detectIntent(query: DialogflowQuery) {
    const account = parseServiceAccount(query.json);
    const path = `/v2/projects/${encodeURIComponent(query.projectName)}/agent/sessions/${encodeURIComponent(query.sessionId)}:detectIntent`;
    const body = JSON.stringify({ queryInput: { text: { text: query.text, languageCode: query.language } } });
    for (let attempt = 0; ; attempt++) {
      const token = await accessToken(account);
      const response = await post(new URL(path, options.apiUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      if (response.status === 401 && attempt === 0) {
        tokens.delete(`${account.client_email}|${account.token_uri}`);
        continue;
      }
      if (!response.ok) throw failureOf('dialogflow', response);
      return ((await jsonOf(response)) ?? {}) as {
        queryResult?: {
          fulfillmentText?: string;
          intent?: { displayName?: string; endInteraction?: boolean };
          diagnosticInfo?: { end_conversation?: boolean };
        };
      };
    }
  }

  return {
    detectIntent,

    /** One turn: the fulfillment text back; end of conversation or the configured intent hands over. */
    async run(query: DialogflowQuery): Promise<BotResult> {
      const result = (await detectIntent(query)).queryResult ?? {};
      const text = result.fulfillmentText?.trim();
      const ended =
        result.intent?.endInteraction === true ||
        result.diagnosticInfo?.end_conversation === true ||
        (!!query.handoverIntent && result.intent?.displayName === query.handoverIntent);
      return {
        replies: text ? [{ kind: 'text', text }] : [],
        handover: ended ? { queueId: null, note: 'Dialogflow ended the conversation' } : null,
      };
    },
  };
}

export type DialogflowClient = ReturnType<typeof createDialogflowClient>;

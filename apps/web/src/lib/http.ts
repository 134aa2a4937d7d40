import { authRoutes } from '@wacrm/shared/auth/auth.routes';
import type { RefreshAnswer } from '@wacrm/shared/auth/auth.schema';
import type { RouteContract, RouteInput, RouteResponse } from '@wacrm/shared/common/route-contract';
import { routePath } from '@wacrm/shared/common/route-path';
import type { ErrorBody } from '@wacrm/shared/errors/error-body.schema';
import { ApiError } from './api-error.ts';
import { clearSession, type KeyValueStorage, storageKeys } from './session-storage.ts';

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as is (uploads). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Public calls (login, refresh, public plan list) send no token and never refresh or end the session. */
  auth?: boolean;
  /** With `auth: false`: a token of its own to send (the set-up-only token of a sign-in that needs a second step). */
  token?: string;
  /** The caller shows its own message for failures, so the default error toast is skipped. */
  silent?: boolean;
  signal?: AbortSignal;
}

/** A contract call's input as `call` reads it, whatever the route. */
interface ContractCall extends Omit<RequestOptions, 'method' | 'body' | 'query'> {
  params?: Record<string, string | number>;
  query?: unknown;
  body?: unknown;
}
type CallInput<Route extends RouteContract> = RouteInput<Route> & Omit<RequestOptions, 'method' | 'body' | 'query'>;
/** The input may be left out when the route needs no params and no body. */
type CallArguments<Route extends RouteContract> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` is "nothing required" here.
  {} extends RouteInput<Route> ? [input?: CallInput<Route>] : [input: CallInput<Route>];

export interface HttpClientOptions {
  fetch?: typeof fetch;
  storage?: KeyValueStorage;
  baseUrl?: string;
  /**
   * Called once the stored session is cleared (401, or a refresh that failed). `cause` is the
   * refused refresh, whose code may say why (e.g. the company was switched off).
   */
  onSessionEnded?: (cause?: ApiError) => void;
  /** Called for every failure of a non-silent request that did not end the session. */
  onError?: (error: ApiError) => void;
  onTokenRefreshed?: (answer: RefreshAnswer) => void;
  /** A rule now requires this signed-in user to set up the second sign-in step first (ERR_2FA_SETUP_REQUIRED). */
  onTwoFactorSetupRequired?: () => void;
}

interface ParsedResponse {
  status: number;
  ok: boolean;
  data: unknown;
}

const SESSION_EXPIRED = 'ERR_SESSION_EXPIRED';
const TWO_FACTOR_SETUP_REQUIRED = 'ERR_2FA_SETUP_REQUIRED';

export type HttpClient = ReturnType<typeof createHttpClient>;

export function createHttpClient(options: HttpClientOptions = {}) {
  const storage = options.storage ?? localStorage;
  const baseUrl = options.baseUrl ?? '';
  const handlers = {
    onSessionEnded: options.onSessionEnded,
    onError: options.onError,
    onTokenRefreshed: options.onTokenRefreshed,
    onTwoFactorSetupRequired: options.onTwoFactorSetupRequired,
  };
  // The refresh in flight: every request that fails with an expired token while it runs waits for it.
  let refreshInFlight: Promise<string> | null = null;

  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? fetch)(input, init);

  async function send(path: string, opts: RequestOptions, token: string | null): Promise<ParsedResponse> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const response = await doFetch(baseUrl + path + toQueryString(opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: opts.signal,
    });
    return { status: response.status, ok: response.ok, data: await readBody(response) };
  }

  function endSession(cause?: ApiError): void {
    clearSession(storage);
    handlers.onSessionEnded?.(cause);
  }

  async function runRefresh(): Promise<string> {
    // Sent as is, not through `request`: no token, and a refused refresh must not refresh again.
    const refresh = authRoutes.refresh;
    const answer = await send(refresh.path, { method: refresh.method }, null).catch(() => null);
    const data = answer?.data as Partial<RefreshAnswer> | undefined;
    if (!answer?.ok || typeof data?.token !== 'string') {
      // spec: a failed refresh logs the user out.
      const error = new ApiError(answer?.status ?? 0, toErrorBody(answer?.data ?? null), true);
      endSession(error);
      throw error;
    }
    storage.setItem(storageKeys.token, data.token);
    handlers.onTokenRefreshed?.(data as RefreshAnswer);
    return data.token;
  }

  /** Refreshes the access token; concurrent callers share one call to the server. */
  function refreshAccessToken(): Promise<string> {
    refreshInFlight ??= runRefresh().finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  /** The token to replay with: a newer stored one if another request already refreshed, else a fresh one. */
  function tokenAfterExpiry(usedToken: string | null): Promise<string> {
    if (refreshInFlight) return refreshInFlight;
    const current = storage.getItem(storageKeys.token);
    if (current && current !== usedToken) return Promise.resolve(current);
    return refreshAccessToken();
  }

  function fail(status: number, data: unknown, opts: RequestOptions, endedSession = false): never {
    const error = new ApiError(status, toErrorBody(data), endedSession);
    if (!opts.silent && !endedSession) handlers.onError?.(error);
    throw error;
  }

  async function request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
    const isAuthenticated = opts.auth !== false;
    const usedToken = isAuthenticated ? storage.getItem(storageKeys.token) : (opts.token ?? null);
    let response = await send(path, opts, usedToken);

    if (isAuthenticated && response.status === 403 && errorCodeOf(response.data) === SESSION_EXPIRED) {
      let freshToken: string;
      try {
        freshToken = await tokenAfterExpiry(usedToken);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError(0, null, true);
      }
      // Replayed once only: a second expiry means the new token is refused too.
      response = await send(path, opts, freshToken);
      if (response.status === 403 && errorCodeOf(response.data) === SESSION_EXPIRED) {
        endSession();
        fail(response.status, response.data, opts, true);
      }
    }

    if (isAuthenticated && response.status === 401) {
      endSession();
      fail(response.status, response.data, opts, true);
    }
    if (isAuthenticated && response.status === 403 && errorCodeOf(response.data) === TWO_FACTOR_SETUP_REQUIRED) {
      // The app turns to the set-up screen: no error toast for each refused call on the way.
      handlers.onTwoFactorSetupRequired?.();
      fail(response.status, response.data, { ...opts, silent: true });
    }
    if (!response.ok) fail(response.status, response.data, opts);
    return response.data as T;
  }

  /**
   * A POST answered as server-sent events (`Accept: text/event-stream`): each event is handed to
   * `onEvent` as it arrives. Refusals before the stream starts (4xx JSON) fail like `request`,
   * with the same one refresh on an expired token. Aborting `signal` closes the stream.
   */
  async function stream(
    path: string,
    body: unknown,
    opts: Pick<RequestOptions, 'signal' | 'silent'> & { onEvent: (event: string, data: unknown) => void },
  ): Promise<void> {
    const open = (token: string | null) =>
      doFetch(baseUrl + path, {
        method: 'POST',
        headers: {
          Accept: 'text/event-stream',
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body ?? {}),
        credentials: 'include',
        signal: opts.signal,
      });
    const usedToken = storage.getItem(storageKeys.token);
    let response = await open(usedToken);
    if (!response.ok) {
      let data = await readBody(response);
      if (response.status === 403 && errorCodeOf(data) === SESSION_EXPIRED) {
        response = await open(await tokenAfterExpiry(usedToken));
        if (!response.ok) data = await readBody(response);
      }
      if (!response.ok) {
        if (response.status === 401) endSession();
        fail(response.status, data, opts, response.status === 401);
      }
    }
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffered = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      // Events end with a blank line; a partial one waits for the next chunk.
      let end = buffered.indexOf('\n\n');
      while (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data !== undefined) opts.onEvent(event, JSON.parse(data));
        end = buffered.indexOf('\n\n');
      }
    }
  }

  return {
    request,
    stream,
    get: <T = unknown>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'GET' }),
    post: <T = unknown>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'POST', body }),
    put: <T = unknown>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'PUT', body }),
    delete: <T = unknown>(path: string, opts?: Omit<RequestOptions, 'method'>) =>
      request<T>(path, { ...opts, method: 'DELETE' }),
    /** Calls a route through its shared contract: the path, method and answer type come from it. */
    call: <Route extends RouteContract>(
      route: Route,
      ...[input]: CallArguments<Route>
    ): Promise<RouteResponse<Route>> => {
      const { params, query, body, ...opts } = (input ?? {}) as ContractCall;
      return request<RouteResponse<Route>>(routePath(route, params), {
        ...opts,
        method: route.method,
        query: query as RequestOptions['query'],
        body,
      });
    },
    refreshAccessToken,
    /** Lets the app wire navigation and toasts after the client is created. */
    setHandlers(next: Partial<typeof handlers>) {
      Object.assign(handlers, next);
    },
  };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function errorCodeOf(data: unknown): string | null {
  return typeof data === 'object' && data && typeof (data as ErrorBody).error === 'string'
    ? (data as ErrorBody).error
    : null;
}

function toErrorBody(data: unknown): ErrorBody | string | null {
  if (errorCodeOf(data)) return data as ErrorBody;
  return typeof data === 'string' ? data : null;
}

function toQueryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    // Lists travel as JSON text (queueIds=[1,2]), as the spec's list filters expect.
    if (Array.isArray(value)) params.set(key, JSON.stringify(value));
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createHttpClient } from './http.ts';
import { createMemoryStorage } from './session-storage.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function bearerOf(init: RequestInit): string | undefined {
  return (init.headers as Record<string, string>).Authorization?.replace('Bearer ', '');
}

const expired = () => json(403, { error: 'ERR_SESSION_EXPIRED', message: 'Session expired' });
const user = { id: 7, companyId: 3, name: 'Ana' };

function setup(handler: Handler, token = 'old') {
  const storage = createMemoryStorage({ token, companyId: '3', userId: '7', companyDueDate: '2030-01-01' });
  const calls: { url: string; token?: string }[] = [];
  const fakeFetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, token: bearerOf(init) });
    return handler(url, init);
  });
  const onSessionEnded = vi.fn();
  const onError = vi.fn();
  const http = createHttpClient({ fetch: fakeFetch as unknown as typeof fetch, storage, onSessionEnded, onError });
  return { http, storage, calls, onSessionEnded, onError };
}

/** A server whose only valid token is `new`, handing it out after a short delay. */
function refreshingServer(refresh: () => Response = () => json(200, { token: 'new', user })): Handler {
  return async (url, init) => {
    if (url === '/api/auth/refresh_token') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return refresh();
    }
    return bearerOf(init) === 'new' ? json(200, { url }) : expired();
  };
}

describe('http client', () => {
  it('sends the stored token as a bearer and includes credentials', async () => {
    const { http, calls } = setup((_url, init) => {
      expect(init.credentials).toBe('include');
      return json(200, { ok: true });
    });
    await expect(http.get('/api/things', { query: { pageNumber: 2, queueIds: [1, 2] } })).resolves.toEqual({
      ok: true,
    });
    expect(calls).toEqual([{ url: '/api/things?pageNumber=2&queueIds=%5B1%2C2%5D', token: 'old' }]);
  });

  it('refreshes once for concurrent expired requests and replays each with the new token', async () => {
    const { http, calls, storage } = setup(refreshingServer());
    const answers = await Promise.all([http.get('/api/a'), http.get('/api/b'), http.post('/api/c', { x: 1 })]);

    expect(answers).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(calls.filter((call) => call.url === '/api/auth/refresh_token')).toHaveLength(1);
    const replays = calls.filter((call) => call.url !== '/api/auth/refresh_token' && call.token === 'new');
    expect(replays.map((call) => call.url).sort()).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(storage.getItem('token')).toBe('new');
  });

  it('replays without a second refresh when the token was already renewed by another request', async () => {
    let slowResolve: (response: Response) => void = () => {};
    const server = refreshingServer();
    const { http, calls } = setup((url, init) =>
      url === '/api/slow' && bearerOf(init) === 'old'
        ? new Promise<Response>((resolve) => {
            slowResolve = resolve;
          })
        : server(url, init),
    );
    const slow = http.get('/api/slow');
    await http.get('/api/fast'); // expires, refreshes, replays
    slowResolve(expired()); // the slow one was sent with the old token and fails only now
    await expect(slow).resolves.toEqual({ url: '/api/slow' });
    expect(calls.filter((call) => call.url === '/api/auth/refresh_token')).toHaveLength(1);
  });

  it('ends the session once when the refresh fails, for every waiting request', async () => {
    const { http, storage, onSessionEnded, onError } = setup(
      refreshingServer(() => json(401, { error: 'ERR_INVALID_REFRESH_TOKEN', message: 'ended' })),
    );
    const results = await Promise.allSettled([http.get('/api/a'), http.get('/api/b')]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as ApiError;
      expect(reason.endedSession).toBe(true);
    }
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(storage.dump()).toEqual({});
  });

  it('tells why the session ended when the refresh names a reason (company switched off)', async () => {
    const { http, onSessionEnded } = setup(
      refreshingServer(() =>
        json(402, { error: 'ERR_SUBSCRIPTION_EXPIRED', message: 'expired', details: { dueDate: '2024-01-31' } }),
      ),
    );
    await expect(http.get('/api/a')).rejects.toMatchObject({ endedSession: true });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    const cause = onSessionEnded.mock.calls[0][0] as ApiError;
    expect(cause.code).toBe('ERR_SUBSCRIPTION_EXPIRED');
    expect(cause.details).toEqual({ dueDate: '2024-01-31' });
  });

  it('ends the session on any 401 without trying a refresh', async () => {
    const { http, calls, storage, onSessionEnded } = setup(() =>
      json(401, { error: 'ERR_NOT_AUTHENTICATED', message: 'log in' }),
    );
    await expect(http.get('/api/a')).rejects.toMatchObject({ status: 401, endedSession: true });
    expect(calls).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('companyDueDate')).toBeNull();
  });

  it('does not refresh on other 403 codes and reports the error', async () => {
    const { http, calls, onError, storage } = setup(() =>
      json(403, { error: 'ERR_NO_PERMISSION', message: 'no', details: { a: 1 } }),
    );
    const error = await http.get('/api/a').catch((caught: ApiError) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('ERR_NO_PERMISSION');
    expect(calls).toHaveLength(1);
    expect(onError).toHaveBeenCalledWith(error);
    expect(storage.getItem('token')).toBe('old');
  });

  it('tells the app when a rule holds the user at the two-step set-up, without a toast or a refresh', async () => {
    const { http, calls, onError, storage } = setup(() =>
      json(403, { error: 'ERR_2FA_SETUP_REQUIRED', message: 'Set up two-step sign-in first' }),
    );
    const onTwoFactorSetupRequired = vi.fn();
    http.setHandlers({ onTwoFactorSetupRequired });
    await expect(http.get('/api/tickets')).rejects.toMatchObject({ code: 'ERR_2FA_SETUP_REQUIRED' });
    expect(onTwoFactorSetupRequired).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
    expect(storage.getItem('token')).toBe('old');
  });

  it('keeps public calls out of the session rules and silent calls out of the toasts', async () => {
    const { http, calls, onSessionEnded, onError, storage } = setup(() =>
      json(401, { error: 'ERR_INVALID_CREDENTIALS', message: 'bad' }),
    );
    await expect(
      http.post('/api/auth/login', { email: 'a@b.c', password: 'x' }, { auth: false, silent: true }),
    ).rejects.toMatchObject({ code: 'ERR_INVALID_CREDENTIALS' });
    expect(calls[0].token).toBeUndefined();
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    expect(storage.getItem('token')).toBe('old');
  });

  it('keeps a plain-text error as the body and answers null for 204', async () => {
    const { http } = setup((url) =>
      url === '/api/empty' ? new Response(null, { status: 204 }) : new Response('boom', { status: 500 }),
    );
    await expect(http.delete('/api/empty')).resolves.toBeNull();
    await expect(http.get('/api/text')).rejects.toMatchObject({ status: 500, body: 'boom', code: null });
  });
});

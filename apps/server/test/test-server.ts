import type { AddressInfo } from 'node:net';
import type { LoginAnswer } from '@wacrm/shared';
import { io, type Socket } from 'socket.io-client';
import { buildServer } from '../src/app.ts';
import { openTestDatabase, testConfig } from './database-template.ts';
import { EVENTUALLY_MS } from './eventually.ts';
import { paced } from './machine-pace.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * The real server on a free port with its own database. `as(session)` makes requests with a
 * session's token; `login` logs in through the API like a browser would.
 */
export async function startTestServer(
  configOverrides: Record<string, string> = {},
  options: Parameters<typeof buildServer>[3] = {},
) {
  const { database, dataDir, dispose } = await openTestDatabase();
  const config = testConfig(dataDir, configOverrides);
  const server = await buildServer(
    config,
    database,
    { logger: process.env.TEST_SERVER_LOG ? { level: process.env.TEST_SERVER_LOG } : false },
    options,
  );
  await server.start({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const sockets: Socket[] = [];

  async function request(
    method: Method,
    path: string,
    options: { token?: string; body?: unknown; cookie?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    const response = await server.app.inject({
      method,
      url: path,
      headers,
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    return {
      status: response.statusCode,
      body: response.body ? safeJson(response.body) : undefined,
      cookie: readRefreshCookie(response.headers['set-cookie']),
      headers: response.headers,
    };
  }

  async function login(email: string, password: string, ip = '127.0.0.1') {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    const answer = response.json() as LoginAnswer;
    return { ...answer, cookie: readRefreshCookie(response.headers['set-cookie'])! };
  }

  return {
    server,
    app: server.app,
    platform: server.platform,
    /** The database handle, to build a second server on the same data (restart tests). */
    database,
    db: database.db,
    config,
    url,
    request,
    login,
    as: (token: string) => ({
      get: (path: string) => request('GET', path, { token }),
      post: (path: string, body?: unknown) => request('POST', path, { token, body }),
      put: (path: string, body?: unknown) => request('PUT', path, { token, body }),
      delete: (path: string) => request('DELETE', path, { token }),
    }),
    /** A real Socket.IO client, long-polling first as the web app does. */
    connectSocket(token: string | null) {
      const socket = io(url, {
        path: '/socket.io',
        transports: ['polling'],
        query: token ? { token } : {},
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      return socket;
    },
    async close() {
      for (const socket of sockets) socket.disconnect();
      await server.stop();
      await dispose();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

function safeJson(text: string) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function readRefreshCookie(setCookie: string | string[] | undefined) {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((cookie) => cookie.startsWith('jrt='));
  return found ? found.split(';')[0] : undefined;
}

/** Resolves with the first payload of an event, or rejects after `ms`. */
export function nextEvent<T>(socket: Socket, event: string, ms = EVENTUALLY_MS) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), paced(ms));
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** The first `event` whose payload passes `matches` (earlier events may still be on their way). */
export function nextMatching<T>(socket: Socket, event: string, matches: (payload: T) => boolean, ms = EVENTUALLY_MS) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no matching ${event} within ${ms} ms`));
    }, paced(ms));
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

export function waitFor(socket: Socket, event: 'connect' | 'connect_error', ms = EVENTUALLY_MS) {
  return new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), paced(ms));
    socket.once(event, (value?: unknown) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/database-template.ts';
import { buildServer, type Server } from '../../app.ts';

// The log at the default level (info) stays readable: a healthy request or socket poll adds no line.

const lines: { level: number; msg: string; url?: string; status?: number }[] = [];
let server: Server;
let url: string;
let dispose: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestDatabase();
  dispose = opened.dispose;
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  server = await buildServer(testConfig(opened.dataDir), opened.database, { loggerInstance: logger });
  await server.start({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server?.stop();
  await dispose?.();
});

describe('request logging at info', () => {
  it('logs successful requests and socket polling at debug only, refusals at info', async () => {
    const before = lines.length;
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@admin.com', password: '123456' }),
    });
    const { token } = (await login.json()) as { token: string };
    for (let i = 0; i < 5; i++) expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect((await fetch(`${url}/api/settings`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    // A socket that connects and keeps polling for a while.
    const socket = io(url, { path: '/socket.io', transports: ['polling'], query: { token }, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('ready', () => resolve());
      socket.once('connect_error', reject);
    });
    socket.disconnect();
    // Not one line at info for all that (Fastify's own request logging would add two per request).
    // A request that happened to be slow on a busy machine is rightly logged: not counted here.
    expect(lines.slice(before).filter((line) => line.msg !== 'slow request')).toEqual([]);

    // An authentication failure is worth a line at info, with what was asked and the answer.
    expect((await fetch(`${url}/api/settings`)).status).toBe(401);
    const refusal = () => lines.find((line) => line.url === '/api/settings' && line.status === 401);
    const deadline = Date.now() + 5_000;
    while (!refusal() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(refusal()).toMatchObject({ level: expect.any(Number), msg: expect.stringMatching(/request/) });
    expect(refusal()!.level).toBeGreaterThanOrEqual(30);
  });
});

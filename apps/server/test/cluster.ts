import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { endPool } from '../src/platform/db/end-pool.ts';
import { endProcess, freePort, startMainProcess } from './real-process.ts';

/**
 * Several real server processes (the built `main.js`) on one PostgreSQL database, each on its own port
 * and data folder, as they run behind a load balancer. The PostgreSQL server comes from
 * TEST_PG_ADMIN_URL (default: the local one); each cluster gets a fresh database that `close` drops.
 */
const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function databaseUrlOf(name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface ClusterNode {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
}

export async function createCluster(env: Record<string, string> = {}) {
  const suffix = randomBytes(4).toString('hex');
  const databaseName = `scaleout_test_${suffix}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const databaseUrl = databaseUrlOf(databaseName);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const dirs: string[] = [];
  const nodes: ClusterNode[] = [];
  // Every process must verify the others' tokens: one secret, as a deployment configures it.
  const shared = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(24).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(24).toString('hex'),
    REDIS_PREFIX: `t${suffix}`,
    ...env,
  };

  return {
    databaseUrl,
    db,
    nodes,
    /**
     * Starts one more process (the first one also migrates and seeds the new database), named
     * `name` (NODE_ID), or with the default `host:pid:random` id when `defaultNodeId` is set.
     */
    async start(name: string, extra: Record<string, string> = {}, { defaultNodeId = false } = {}) {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `wacrm-${name}-`));
      dirs.push(dataDir);
      const child = await startMainProcess(port, dataDir, {
        ...shared,
        ...(defaultNodeId ? {} : { NODE_ID: name }),
        ...extra,
      });
      const node = { name, port, url: `http://127.0.0.1:${port}`, child };
      nodes.push(node);
      return node;
    },
    async close() {
      await Promise.all(nodes.map((node) => endProcess(node.child, 'SIGKILL')));
      await endPool(db);
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${databaseName} with (force)`);
      await cleanup.end();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof createCluster>>;

/** A JSON call to one process; answers the status and the parsed body. */
export async function call(
  node: Pick<ClusterNode, 'url'>,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${node.url}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A socket to one process, WebSocket only (no sticky sessions needed), resolved once the server said `ready`. */
export async function socketTo(node: Pick<ClusterNode, 'url'>, token: string) {
  const socket: Socket = io(node.url, { path: '/socket.io', transports: ['websocket'], auth: { token } });
  await new Promise<void>((resolve, reject) => {
    socket.once('ready', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyPgliteTemplate } from '../../../test/database-template.ts';
import { paced } from '../../../test/machine-pace.ts';
import { postgresErrorCode } from './errors.ts';
import { openPgliteThread, type PgliteThread, startWorker } from './pglite-thread.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const ONE_MINUTE = paced(60_000);

// The databases are copies of the suite's template: what is under test is the thread, not initdb,
// which costs seconds of CPU per new database.
const directory = mkdtempSync(path.join(os.tmpdir(), 'wacrm-pglite-thread-'));
let thread: PgliteThread;

beforeAll(async () => {
  thread = await openPgliteThread(await copyPgliteTemplate(path.join(directory, 'pgdata')));
  await thread.exec('create table notes (id int primary key, body text not null, at timestamptz default now())');
}, ONE_MINUTE);

afterAll(async () => {
  await thread.close();
  rmSync(directory, { recursive: true, force: true });
});

const count = async () =>
  (await thread.query<{ n: number }>('select count(*)::int as n from notes where id > $1', [0])).rows[0].n;

describe('the embedded database in its own thread', () => {
  it('answers queries as PGlite does, with drizzle text-keeping parsers remade on the other side', async () => {
    await thread.query('insert into notes (id, body) values ($1, $2)', [1, 'olá']);
    const parsed = await thread.query<{ body: string; at: unknown }>('select body, at from notes where id = $1', [1]);
    expect(parsed.rows[0].body).toBe('olá');
    expect(parsed.rows[0].at).toBeInstanceOf(Date);
    expect(parsed.fields.map((field) => field.name)).toEqual(['body', 'at']);

    const asText = await thread.query<unknown[]>('select body, at from notes where id = $1', [1], {
      rowMode: 'array',
      parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
    });
    expect(typeof asText.rows[0][1]).toBe('string');

    const scripted = await thread.exec('select 1 as one; select 2 as two');
    expect(scripted.map((result) => result.rows)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
  });

  it("keeps a database error's code and fields across the thread", async () => {
    const error = await thread.query('insert into notes (id, body) values ($1, $2)', [1, 'again']).catch((e) => e);
    expect(postgresErrorCode(error)).toBe('23505');
    expect(error.constraint).toBe('notes_pkey');
    expect(error.message).toMatch(/duplicate key/);
  });

  it('commits a transaction, rolls one back when its callback throws, and runs nothing else in between', async () => {
    const before = await count();
    await thread.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values ($1, $2)', [2, 'kept']);
    });
    expect(await count()).toBe(before + 1);

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const failing = thread.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values ($1, $2)', [3, 'undone']);
      await held;
      throw new Error('the caller gave up');
    });
    // Issued while the transaction is open: it waits for the transaction's end, then sees its undoing.
    const outside = count();
    release();
    await expect(failing).rejects.toThrow('the caller gave up');
    expect(await outside).toBe(before + 1);

    // A failed statement inside a transaction surfaces as the callback's error; the thread is usable after.
    await expect(
      thread.transaction((tx) => tx.query('insert into notes (id, body) values ($1, $2)', [2, 'duplicate'])),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(before + 1);
  });

  it('says clearly when it cannot open a database, and when it is closed', async () => {
    const notADirectory = path.join(directory, 'a-file');
    writeFileSync(notADirectory, 'not a database');
    const lostOnOpen: Error[] = [];
    await expect(openPgliteThread(notADirectory, { onLost: (error) => lostOnOpen.push(error) })).rejects.toThrow();

    const lostOnClose: Error[] = [];
    const other = await openPgliteThread(await copyPgliteTemplate(path.join(directory, 'other')), {
      onLost: (error) => lostOnClose.push(error),
    });
    await other.close();
    await expect(other.query('select $1::int as one', [1])).rejects.toThrow('the embedded database is closed');
    // A failed open and a close are no loss: the server's exit is for a thread that stops on its own.
    expect([...lostOnOpen, ...lostOnClose]).toEqual([]);
  });

  it('tells of a thread that stops on its own, once, and fails the queries waiting on it and after it', async () => {
    let worker: Worker | undefined;
    const lost: Error[] = [];
    const doomed = await openPgliteThread(await copyPgliteTemplate(path.join(directory, 'doomed')), {
      onLost: (error) => lost.push(error),
      start: (where) => {
        worker = startWorker(where);
        return worker;
      },
    });
    await doomed.exec('create table waits (id int)');
    // A query is waiting on the thread when it ends (a WebAssembly abort ends it the same way).
    const waiting = doomed.query('select pg_sleep(5)');
    await worker!.terminate();
    await expect(waiting).rejects.toThrow('the embedded database thread stopped');
    await expect(doomed.query('select $1::int as one', [1])).rejects.toThrow('the embedded database thread stopped');
    expect(lost.map((error) => error.message)).toEqual([expect.stringContaining('thread stopped')]);
    await doomed.close();
    expect(lost).toHaveLength(1);
  });
});

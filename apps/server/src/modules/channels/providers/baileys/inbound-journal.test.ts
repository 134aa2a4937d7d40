import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { WAMessage } from 'baileys';
import { describe, expect, it } from 'vitest';
import { InboundJournal } from './inbound-journal.ts';

const message = (id: string): WAMessage => ({
  key: { remoteJid: '5511900000000@s.whatsapp.net', fromMe: false, id },
  message: { conversation: `text ${id}` },
  messageTimestamp: 1_736_000_000,
  // Bytes survive the journal (media keys are bytes).
  mediaCiphertextSha256: Buffer.from([1, 2, 3]),
});

describe('the inbound journal', () => {
  it('keeps what was not done across a restart, skips a torn last line, and compacts', () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'wacrm-journal-'));
    const first = new InboundJournal(directory, 7);
    first.append([message('A'), message('B'), message('C')]);
    first.done('B');
    first.close();
    // The crash tore the last write in half.
    appendFileSync(path.join(directory, 'baileys-7.jsonl'), '{"kind":"message","id":"D","mess');

    const second = new InboundJournal(directory, 7);
    expect(second.pending().map((entry) => entry.key.id)).toEqual(['A', 'C']);
    expect(Buffer.from(second.pending()[0].mediaCiphertextSha256 as Uint8Array)).toEqual(Buffer.from([1, 2, 3]));
    // Rewritten with only what is pending.
    expect(readFileSync(path.join(directory, 'baileys-7.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2);
    second.done('A');
    second.done('C');
    expect(readFileSync(path.join(directory, 'baileys-7.jsonl'), 'utf8')).toBe('');
    second.close();
    expect(new InboundJournal(directory, 7).pending()).toEqual([]);
  });
});

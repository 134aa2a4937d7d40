import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import { BufferJSON, type WAMessage } from 'baileys';

type Line = { kind: 'message'; id: string; message: WAMessage } | { kind: 'done'; id: string };

/**
 * A connection's durable journal of inbound messages (docs/baileys.md, "Acknowledged means
 * stored"). Baileys sends WhatsApp the delivery receipt before it emits `messages.upsert`, so a
 * message the process dies on before storing it would never come again: each one is appended
 * and fsynced here, synchronously, in the event listener itself, and marked done once intake has
 * stored it (or kept it as a dead letter). What is not done is replayed when the connection
 * starts again. One file per connection, in this process's DATA_DIR.
 */
export class InboundJournal {
  private readonly file: string;
  private fd: number;
  /** Messages written and not yet done, by id, in arrival order. */
  private readonly pendingById = new Map<string, WAMessage>();

  constructor(directory: string, whatsappId: number) {
    mkdirSync(directory, { recursive: true });
    this.file = path.join(directory, `baileys-${whatsappId}.jsonl`);
    this.load();
    this.fd = openSync(this.file, 'a');
  }

  /** Reads what a previous process left, and rewrites the file with only what is still pending. */
  private load() {
    let text = '';
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return;
    }
    for (const raw of text.split('\n')) {
      if (!raw) continue;
      let line: Line;
      try {
        line = JSON.parse(raw, BufferJSON.reviver) as Line;
      } catch {
        continue; // a line torn by the crash itself: its message was never handed to intake
      }
      if (line.kind === 'message') this.pendingById.set(line.id, line.message);
      else this.pendingById.delete(line.id);
    }
    const kept = [...this.pendingById].map(([id, message]) => serialize({ kind: 'message', id, message })).join('');
    const next = `${this.file}.next`;
    const fd = openSync(next, 'w');
    writeSync(fd, kept);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(next, this.file);
  }

  /** Messages a previous process took from WhatsApp and did not finish storing. */
  pending(): WAMessage[] {
    return [...this.pendingById.values()];
  }

  /** Durable when it returns (written and fsynced). */
  append(messages: WAMessage[]) {
    const lines = messages.filter((message) => message.key?.id);
    if (lines.length === 0) return;
    for (const message of lines) this.pendingById.set(message.key.id!, message);
    writeSync(this.fd, lines.map((message) => serialize({ kind: 'message', id: message.key.id!, message })).join(''));
    fsyncSync(this.fd);
  }

  /** Stored (or kept): not replayed again. The file is emptied whenever nothing is pending. */
  done(id: string) {
    if (!this.pendingById.delete(id)) return;
    if (this.pendingById.size === 0) {
      closeSync(this.fd);
      this.fd = openSync(this.file, 'w');
      return;
    }
    writeSync(this.fd, serialize({ kind: 'done', id }));
  }

  close() {
    closeSync(this.fd);
  }
}

function serialize(line: Line) {
  return `${JSON.stringify(line, BufferJSON.replacer)}\n`;
}

// How fast and how busy the machine was during a test run, so that run times from different
// machines (or the same kind of machine on different days) can be compared: the same commit's
// stages took two and a half to three times as long on one two-core machine as on another of the
// same kind.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Milliseconds to hash 128 MB with SHA-256 on one thread: a fixed piece of CPU work. */
export function hashCheckMs() {
  const block = Buffer.alloc(32 << 20, 7);
  const started = process.hrtime.bigint();
  for (let round = 0; round < 4; round++) createHash('sha256').update(block).digest();
  return Math.round(Number(process.hrtime.bigint() - started) / 1e6);
}

/**
 * Milliseconds to write 64 MB of memory the process has never touched: each new 4 KB page costs a
 * page fault. On a machine whose host takes freed memory back (virtio free page reporting), a fault
 * can cost a hundred times the usual, and suites that start many processes and databases slow down
 * with it while the hash above stays fast.
 */
export function freshMemoryCheckMs() {
  const started = process.hrtime.bigint();
  Buffer.allocUnsafeSlow(64 << 20).fill(1);
  return Math.round(Number(process.hrtime.bigint() - started) / 1e6);
}

/** The machine's CPU time counters since boot (Linux), or undefined elsewhere. */
export function cpuCounters() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    return { user: user + nice, system: system + irq + softirq, idle: idle + iowait, steal };
  } catch {
    return undefined;
  }
}

/** "busy 97 % (user 64 %, system 33 %, steal 0 %)" between two `cpuCounters()` readings. */
export function describeCpuBetween(before, after) {
  if (!before || !after) return 'not measured (no /proc/stat)';
  const spent = (key) => after[key] - before[key];
  const total = spent('user') + spent('system') + spent('idle') + spent('steal');
  if (total <= 0) return 'not measured';
  const share = (ticks) => `${Math.round((ticks / total) * 100)} %`;
  return `busy ${share(total - spent('idle'))} (user ${share(spent('user'))}, system ${share(spent('system'))}, steal ${share(spent('steal'))})`;
}

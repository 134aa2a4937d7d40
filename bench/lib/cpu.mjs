// CPU time per operation (issue 54): requests a second move with the machine's day, the CPU an
// operation costs does not. Read from /proc: the server process, and the database's share.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;
/** A backend's process title; the capture is its database. */
const BACKEND_TITLE = /^postgres: (?:\S+: )?\S+ (\S+) \S+\(\d+\)/;

/** utime + stime of a /proc stat line, in seconds (fields 14 and 15; 11 and 12 after the name). */
function statSeconds(path) {
  try {
    const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0; // gone in between (a backend that closed, a thread that ended)
  }
}

/** Each thread's CPU seconds of a process, by thread id. */
function threadSeconds(pid) {
  const threads = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) threads.set(tid, statSeconds(`/proc/${pid}/task/${tid}/stat`));
  return threads;
}

/**
 * CPU seconds of each PostgreSQL backend serving `database` (their title reads
 * `postgres: [cluster: ]user database host(port) state`), by pid: the work the server's queries
 * cost, without other databases' clients or the shared background processes.
 */
function backendSeconds(database) {
  const backends = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let title;
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (BACKEND_TITLE.exec(title)?.[1] === database) backends.set(pid, statSeconds(`/proc/${pid}/stat`));
  }
  return backends;
}

/**
 * What the backends alive at the end spent since the start, each against its own start. A sum of
 * totals went negative when the pool closed an idle connection in between (a full run's campaign
 * read -29.5 ms of database a message): its whole life's CPU left the sum. A connection that
 * closes spent nothing while idle, so leaving it out loses nothing measured.
 */
function backendsSpent(before, after) {
  let spent = 0;
  for (const [pid, seconds] of after) spent += seconds - (before.get(pid) ?? 0);
  return spent;
}

/**
 * A meter over the server `pid` and its database: PostgreSQL (`database` names the bench's
 * database) or PGlite, which runs in a worker thread of the server process; its thread is the
 * busiest one besides the main thread over the measured span.
 */
export function createCpuMeter({ pid, engine, database }) {
  const read = () => ({
    process: statSeconds(`/proc/${pid}/stat`),
    threads: engine === 'pglite' ? threadSeconds(pid) : null,
    backends: engine === 'postgres' ? backendSeconds(database) : null,
  });
  return {
    start() {
      const before = read();
      return {
        /** Milliseconds of CPU per operation since `start`: server, database, and both. */
        perOperation(operations) {
          const after = read();
          const per = (seconds) => (seconds * 1000) / Math.max(1, operations);
          const processSeconds = after.process - before.process;
          if (engine === 'pglite') {
            let databaseThread = 0;
            for (const [tid, seconds] of after.threads) {
              if (tid === String(pid)) continue;
              databaseThread = Math.max(databaseThread, seconds - (before.threads.get(tid) ?? 0));
            }
            return {
              serverMs: per(processSeconds - databaseThread),
              databaseMs: per(databaseThread),
              totalMs: per(processSeconds),
            };
          }
          const backends = backendsSpent(before.backends, after.backends);
          return { serverMs: per(processSeconds), databaseMs: per(backends), totalMs: per(processSeconds + backends) };
        },
      };
    },
  };
}

/** `1.8 + 2.4 = 4.2 ms` for a figure's note. */
export function cpuNote(cpu) {
  return `CPU per operation: server ${cpu.serverMs.toFixed(2)} + database ${cpu.databaseMs.toFixed(2)} = ${cpu.totalMs.toFixed(2)} ms`;
}

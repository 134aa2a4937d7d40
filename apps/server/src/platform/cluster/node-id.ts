import { randomBytes } from 'node:crypto';
import os from 'node:os';

/**
 * This process's name in session leases, commands and /api/health when NODE_ID is unset:
 * `host:pid:random`. The host and pid let a restarted process recognise a lease left by an
 * earlier process of the same host that no longer runs (`isDeadLocalNode`).
 */
export function defaultNodeId() {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * Whether `nodeId` names a process of this host (default id form) that is no longer running: a
 * crash's leftovers, which need not wait for their lease to run out. An id set with NODE_ID, another
 * host's, or a process that still runs is not.
 */
export function isDeadLocalNode(nodeId: string) {
  const match = /^(.+):(\d+):[0-9a-f]{8}$/.exec(nodeId);
  if (!match || match[1] !== os.hostname()) return false;
  const pid = Number(match[2]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

import type { JobSender } from '../../platform/jobs/job-queue.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { markOfflineJob } from './users.jobs.ts';
import type { createUsersRealtime } from './users.realtime.ts';
import type { UsersRepository } from './users.repository.ts';

/**
 * Online status from the client's `userStatus` heartbeat (every 5 minutes). Each heartbeat
 * schedules a check after the offline delay; the check marks the user offline only if no
 * newer heartbeat arrived, so the jobs of older heartbeats are harmless.
 */
export function createUserPresence(deps: {
  repository: UsersRepository;
  events: ReturnType<typeof createUsersRealtime>;
  jobs: JobSender;
  offlineAfterMs: number;
  /** Online now: automatic assignment may give them tickets. */
  cameOnline: (companyId: number) => Promise<void>;
}) {
  const { repository, events, jobs, offlineAfterMs } = deps;

  async function recordHeartbeat(companyId: number, userId: number) {
    const user = await repository.markSeen(companyId, userId);
    if (!user) return;
    events.userUpdated(companyId, { ...user, online: true });
    await jobs.send(
      markOfflineJob,
      { companyId, userId },
      { startAfterSeconds: Math.ceil(offlineAfterMs / 1000), retryLimit: 2 },
    );
    await deps.cameOnline(companyId);
  }

  return {
    /** The `markOfflineJob` handler: offline unless a heartbeat came since the one that sent it. */
    async checkOffline({ companyId, userId }: { companyId: number; userId: number }) {
      const user = await repository.markOfflineIfIdle(companyId, userId, new Date(Date.now() - offlineAfterMs + 250));
      if (user) events.userUpdated(companyId, { ...user, online: false });
    },
    listen(realtime: Realtime) {
      realtime.onConnection((socket) => {
        const { companyId, userId } = socket.data;
        socket.on('userStatus', () => {
          recordHeartbeat(companyId, userId).catch(() => {
            // A lost heartbeat only delays the online flag until the next one.
          });
        });
      });
    },
  };
}

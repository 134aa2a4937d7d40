import { z } from 'zod';
import { defineJob, type JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
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
  jobs: JobQueue;
  offlineAfterMs: number;
}) {
  const { repository, events, jobs, offlineAfterMs } = deps;

  const markOfflineJob = defineJob({
    name: 'users.mark-offline',
    payload: z.object({ companyId: z.number().int(), userId: z.number().int() }),
    handler: async ({ companyId, userId }) => {
      const user = await repository.markOfflineIfIdle(companyId, userId, new Date(Date.now() - offlineAfterMs + 250));
      if (user) events.userUpdated(companyId, { ...user, online: false });
    },
  });
  jobs.register(markOfflineJob);

  async function recordHeartbeat(companyId: number, userId: number) {
    const user = await repository.markSeen(companyId, userId);
    if (!user) return;
    events.userUpdated(companyId, { ...user, online: true });
    await jobs.send(
      markOfflineJob,
      { companyId, userId },
      { startAfterSeconds: Math.ceil(offlineAfterMs / 1000), retryLimit: 2 },
    );
  }

  return {
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

import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { SettingsReader } from '../settings/index.ts';
import { createBusinessHoursSweep } from './business-hours-sweep.ts';
import { createReportRebuild } from './report-rebuild.ts';
import { businessHoursSweepJob, rebuildSingletonKey, reportRebuildJob, reportRebuildSweepJob } from './reports.jobs.ts';
import { createReportsRepository } from './reports.repository.ts';
import { registerReportsRoutes } from './reports.routes.ts';
import { createReportsService, type SlaCounter } from './reports.service.ts';

/**
 * Reports (issue 50): read-only sums of the rollup that database triggers keep
 * (docs/decisions/reports.md), and the sweep that fills the business-hours variants.
 */
export function createReportsModule(platform: Platform, deps: { settings: SettingsReader; slaCounts?: SlaCounter }) {
  const repository = createReportsRepository(platform.db);
  const rebuild = createReportRebuild(platform.db);
  const service = createReportsService({
    settings: deps.settings,
    repository,
    slaCounts: deps.slaCounts,
    isRebuilding: rebuild.isWaiting,
  });
  const sweepBusinessHours = createBusinessHoursSweep({ db: platform.db, settings: deps.settings });
  platform.jobs.handle(businessHoursSweepJob, async () => {
    await sweepBusinessHours();
  });
  const requestRebuild = (companyId: number) =>
    platform.jobs.send(reportRebuildJob, { companyId }, { singletonKey: rebuildSingletonKey(companyId) });
  platform.jobs.handle(reportRebuildJob, ({ companyId }) => rebuild.rebuild(companyId));
  platform.jobs.handle(reportRebuildSweepJob, async () => {
    for (const companyId of await rebuild.waiting()) await requestRebuild(companyId);
  });
  return {
    service,
    sweepBusinessHours,
    /** The `timezone` setting changed (after its commit): the rows are rebuilt by a job. */
    timeZoneChanged: async (companyId: number) => {
      await requestRebuild(companyId);
    },
    register: (app: FastifyInstance) => registerReportsRoutes(app, service),
  };
}

import { type PlanFlags, planFeatureFlags } from '@wacrm/shared';
import { sql } from 'drizzle-orm';
import { createCompaniesRepository } from './modules/companies/index.ts';
import { createPlansRepository } from './modules/plans/index.ts';
import { createSettingsRepository } from './modules/settings/index.ts';
import { createUsersRepository } from './modules/users/index.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import { hashPassword } from './platform/http/passwords.ts';
import { companies } from './tables.ts';

const everyFeature = Object.fromEntries(planFeatureFlags.map((flag) => [flag, true])) as PlanFlags;

/**
 * First start: a plan with every feature, company 1 (the platform's own) due in a year,
 * its default settings and the super admin. Does nothing when a company exists. Each row is
 * written by the repository of the module that owns its table.
 */
export async function seedDatabase(db: Database, config: Config) {
  const existing = await db.select({ id: companies.id }).from(companies).limit(1);
  if (existing.length > 0) return { created: false };

  await db.transaction(async (tx) => {
    const plan = await createPlansRepository(tx).create({
      name: 'Plano 1',
      users: 100,
      connections: 100,
      queues: 100,
      value: 0,
      ...everyFeature,
    });
    const company = await createCompaniesRepository(tx).insert({
      name: 'Empresa 1',
      email: config.admin.email,
      planId: plan.id,
      dueDate: sql`(current_date + interval '1 year')::date`,
      recurrence: 'ANUAL',
    });
    await createSettingsRepository(tx).insertDefaults(company.id);
    await createUsersRepository(tx).insert(tx, company.id, {
      name: 'Admin',
      email: config.admin.email,
      passwordHash: await hashPassword(config.admin.password),
      profile: 'admin',
      isSuper: true,
    });
  });
  return { created: true };
}

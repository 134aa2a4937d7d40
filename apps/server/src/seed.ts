import { sql } from 'drizzle-orm';
import { defaultSettingsRows } from './modules/settings/index.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import { hashPassword } from './platform/http/passwords.ts';
import { companies, plans, settings, users } from './tables.ts';

/**
 * First start: a plan with every feature, company 1 (the platform's own) due in a year,
 * its default settings and the super admin. Does nothing when a company exists.
 */
export async function seedDatabase(db: Database, config: Config) {
  const existing = await db.select({ id: companies.id }).from(companies).limit(1);
  if (existing.length > 0) return { created: false };

  await db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(plans)
      .values({ name: 'Plano 1', users: 100, connections: 100, queues: 100, value: 0 })
      .returning({ id: plans.id });
    const [company] = await tx
      .insert(companies)
      .values({
        name: 'Empresa 1',
        email: config.admin.email,
        planId: plan.id,
        dueDate: sql`(current_date + interval '1 year')::date`,
        recurrence: 'ANUAL',
      })
      .returning({ id: companies.id });
    await tx.insert(settings).values(defaultSettingsRows(company.id));
    await tx.insert(users).values({
      companyId: company.id,
      name: 'Admin',
      email: config.admin.email,
      passwordHash: await hashPassword(config.admin.password),
      profile: 'admin',
      isSuper: true,
    });
  });
  return { created: true };
}

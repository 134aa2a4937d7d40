import { eq } from 'drizzle-orm';
import { defaultSettingsRows } from '../src/modules/settings/index.ts';
import type { Database } from '../src/platform/db/client.ts';
import { hashPassword } from '../src/platform/http/passwords.ts';
import { companies, plans, settings, users } from '../src/tables.ts';

/** One-line builders for test data. Each answers the inserted row. */
let sequence = 0;
const next = () => `${process.pid}-${++sequence}`;

export function isoDay(offsetDays: number) {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

export async function buildPlan(db: Database, overrides: Partial<typeof plans.$inferInsert> = {}) {
  const [plan] = await db
    .insert(plans)
    .values({ name: `Plan ${next()}`, users: 10, connections: 10, queues: 10, value: 99, ...overrides })
    .returning();
  return plan;
}

export async function buildCompany(db: Database, overrides: Partial<typeof companies.$inferInsert> = {}) {
  const planId = overrides.planId ?? (await buildPlan(db)).id;
  const [company] = await db
    .insert(companies)
    .values({ name: `Company ${next()}`, planId, dueDate: isoDay(30), ...overrides })
    .returning();
  await db.insert(settings).values(defaultSettingsRows(company.id));
  return company;
}

export const TEST_PASSWORD = 'secret123';

export async function buildUser(
  db: Database,
  overrides: Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> & { companyId: number; password?: string },
) {
  const { password = TEST_PASSWORD, ...fields } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      name: `User ${next()}`,
      email: `user-${next()}@example.com`,
      passwordHash: await hashPassword(password),
      profile: 'user',
      ...fields,
    })
    .returning();
  return { ...user, password };
}

export async function findUser(db: Database, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

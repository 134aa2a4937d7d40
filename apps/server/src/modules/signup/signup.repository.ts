import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { plans, users } from '../../tables.ts';
import { createCompaniesRepository } from '../companies/index.ts';
import { createSettingsRepository } from '../settings/index.ts';
import type { UsersRepository } from '../users/index.ts';

/**
 * The reads and writes of a signup; the rows are written by the modules that own them
 * (companies, settings, users). Every function takes the transaction it runs in, so the service
 * can make the company, its settings and its admin in one go. Plans are the platform's and
 * a new company has no id yet, so there is no company filter before `insertCompany`.
 */
export function createSignupRepository(owners: { users: Pick<UsersRepository, 'insert'> }) {
  return {
    async findPlan(tx: Database, planId: number) {
      const [row] = await tx.select({ id: plans.id, users: plans.users }).from(plans).where(eq(plans.id, planId));
      return row ?? null;
    },

    /** Emails are unique across the platform, whatever their case. */
    async isEmailTaken(tx: Database, email: string) {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return Boolean(row);
    },

    async insertCompany(
      tx: Database,
      company: { name: string; email: string; phone: string; planId: number; dueDate: string; recurrence: string },
    ) {
      return createCompaniesRepository(tx).insert({ ...company, status: true });
    },

    /** Every default setting, with the overrides a signup asks for (spec: campaignsEnabled true). */
    async insertSettings(tx: Database, companyId: number, overrides: Record<string, string>) {
      await createSettingsRepository(tx).insertDefaults(companyId, overrides);
    },

    async insertAdmin(tx: Database, companyId: number, admin: { name: string; email: string; passwordHash: string }) {
      const id = await owners.users.insert(tx, companyId, { ...admin, profile: 'admin' });
      return { id, name: admin.name, email: admin.email };
    },
  };
}

export type SignupRepository = ReturnType<typeof createSignupRepository>;

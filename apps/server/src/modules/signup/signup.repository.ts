import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { companies, plans, settings, users } from '../../tables.ts';
import { defaultSettingsRows } from '../settings/index.ts';

/**
 * The writes of a signup. Every function takes the transaction it runs in, so the service
 * can make the company, its settings and its admin in one go. Plans are the platform's and
 * a new company has no id yet, so there is no company filter before `insertCompany`.
 */
export function createSignupRepository() {
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
      const [row] = await tx
        .insert(companies)
        .values({ ...company, status: true })
        .returning({
          id: companies.id,
          name: companies.name,
          dueDate: companies.dueDate,
          recurrence: companies.recurrence,
          status: companies.status,
          planId: companies.planId,
        });
      return row;
    },

    /** Every default setting, with the overrides a signup asks for (spec: campaignsEnabled true). */
    async insertSettings(tx: Database, companyId: number, overrides: Record<string, string>) {
      const rows = defaultSettingsRows(companyId).map((row) =>
        row.key in overrides ? { ...row, value: overrides[row.key] } : row,
      );
      await tx.insert(settings).values(rows);
    },

    async insertAdmin(tx: Database, companyId: number, admin: { name: string; email: string; passwordHash: string }) {
      const [row] = await tx
        .insert(users)
        .values({ companyId, ...admin, profile: 'admin' })
        .returning({ id: users.id, name: users.name, email: users.email });
      return row;
    },
  };
}

export type SignupRepository = ReturnType<typeof createSignupRepository>;

import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { auditLog, users } from '../../tables.ts';

export interface AuditFilters {
  /** Null: every company (the super user). */
  companyId: number | null;
  userId?: number;
  action?: string;
  from?: Date;
  to?: Date;
}

export type AuditRow = typeof auditLog.$inferSelect;

export function createAuditRepository(db: Database) {
  const whereOf = (filters: AuditFilters) =>
    and(
      filters.companyId !== null ? eq(auditLog.companyId, filters.companyId) : undefined,
      filters.userId ? eq(auditLog.userId, filters.userId) : undefined,
      filters.action ? eq(auditLog.action, filters.action) : undefined,
      filters.from ? gte(auditLog.createdAt, filters.from) : undefined,
      filters.to ? lte(auditLog.createdAt, filters.to) : undefined,
    );

  return {
    /** Inside the caller's transaction: the entry commits or rolls back with the change. */
    async insert(tx: Database, entry: Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt' | 'userName'>) {
      // The author's name as it is now (read, not written: users belong to their module).
      const userName = entry.userId
        ? sql`(select ${users.name} from ${users} where ${users.id} = ${entry.userId})`
        : null;
      await tx.insert(auditLog).values({ ...entry, userName });
    },

    async page(filters: AuditFilters, limit: number, offset: number) {
      const where = whereOf(filters);
      const [rows, [{ count }]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
          .offset(offset),
        db.select({ count: sql<number>`count(*)::int` }).from(auditLog).where(where),
      ]);
      return { rows, count: Number(count) };
    },

    async deleteOlderThan(before: Date) {
      const rows = await db.delete(auditLog).where(lt(auditLog.createdAt, before)).returning({ id: auditLog.id });
      return rows.length;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;

import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

export async function isDatabaseUp(db: Database) {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

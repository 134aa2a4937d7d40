import { CONTACT_OPTIONS_LIMIT, CONTACTS_PAGE_SIZE, type ContactListQuery } from '@wacrm/shared';
import { and, asc, count, eq, gt, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../platform/db/client.ts';
import { inKeys } from '../../platform/db/key-lists.ts';
import { containsText, likePattern, phoneDigits } from '../../platform/db/text-search.ts';
import { contacts, whatsapps } from '../../tables.ts';

export type ContactRow = typeof contacts.$inferSelect;
export interface ContactWrite {
  name: string;
  number: string;
  email: string;
  extraInfo: { name: string; value: string }[];
  disableBot?: boolean;
}

/**
 * Search over lower(name) and number: both have trigram indexes (migration 0003), so
 * `like '%…%'` stays cheap at 100k contacts. Digits typed as `(11) 9876` search the number too.
 */
function searchFilter(searchParam: string): SQL | undefined {
  const needle = searchParam.trim();
  if (!needle) return undefined;
  const byName = containsText(contacts.name, needle);
  // Only a search that looks like a phone number ("(11) 9876-5", "+55 11") searches the number.
  const digits = phoneDigits(needle);
  if (!digits) return byName;
  return sql`(${byName} or ${contacts.number} like ${likePattern(digits)})`;
}

/** spec: date, dateStart and dateEnd filter the creation day (server time zone), inclusive. */
function dateFilters(query: Pick<ContactListQuery, 'date' | 'dateStart' | 'dateEnd'>): SQL[] {
  const filters: SQL[] = [];
  const dayStart = (day: string) => sql`${day}::date`;
  const nextDay = (day: string) => sql`(${day}::date + 1)`;
  if (query.date)
    filters.push(gte(contacts.createdAt, dayStart(query.date)), lt(contacts.createdAt, nextDay(query.date)));
  if (query.dateStart) filters.push(gte(contacts.createdAt, dayStart(query.dateStart)));
  if (query.dateEnd) filters.push(lt(contacts.createdAt, nextDay(query.dateEnd)));
  return filters;
}

/** Every contact query; the company id comes first and is in every WHERE. */
export function createContactsRepository(db: Database) {
  const ofCompany = (companyId: number) => eq(contacts.companyId, companyId);

  /** The contacts whose ids a `returning id` statement answered, in id order. */
  async function contactsReturnedBy(companyId: number, result: unknown) {
    const ids = (result as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
    if (ids.length === 0) return [] as ContactRow[];
    return db
      .select()
      .from(contacts)
      .where(and(ofCompany(companyId), sql`${contacts.id} = any(${sql.param(ids)}::int[])`))
      .orderBy(asc(contacts.id));
  }

  return {
    async page(companyId: number, query: ContactListQuery) {
      const where = and(ofCompany(companyId), searchFilter(query.searchParam), ...dateFilters(query));
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(contacts)
          .where(where)
          .orderBy(asc(contacts.name), asc(contacts.id))
          .limit(CONTACTS_PAGE_SIZE)
          .offset((query.pageNumber - 1) * CONTACTS_PAGE_SIZE),
        db.select({ total: count() }).from(contacts).where(where),
      ]);
      return { rows, count: Number(total) };
    },

    options: (companyId: number, searchParam: string) =>
      db
        .select({
          id: contacts.id,
          name: contacts.name,
          number: contacts.number,
          email: contacts.email,
          profilePicUrl: contacts.profilePicUrl,
          isGroup: contacts.isGroup,
        })
        .from(contacts)
        .where(and(ofCompany(companyId), searchFilter(searchParam)))
        .orderBy(asc(contacts.name), asc(contacts.id))
        .limit(CONTACT_OPTIONS_LIMIT),

    async find(companyId: number, id: number) {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(ofCompany(companyId), eq(contacts.id, id)));
      return row ?? null;
    },

    async findIdByNumber(companyId: number, number: string) {
      const [row] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(ofCompany(companyId), eq(contacts.number, number)));
      return row?.id ?? null;
    },

    async insert(companyId: number, values: ContactWrite) {
      const [row] = await db
        .insert(contacts)
        .values({ companyId, ...values })
        .returning();
      return row;
    },

    /**
     * Intake's new numbers, in one statement; answers the ids it created. A number a concurrent
     * insert took first is skipped (ON CONFLICT waits for that insert, then does nothing): the
     * caller reads those again. Rows go in number order so two batches never wait on each other
     * crosswise. Runs in the caller's transaction.
     */
    async insertNumbers(
      tx: Database,
      companyId: number,
      whatsappId: number,
      values: { number: string; name: string; isGroup: boolean }[],
    ) {
      const sorted = [...values].sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`insert into contacts (company_id, whatsapp_id, number, name, is_group)
          select ${companyId}, ${whatsappId}, c.number, c.name, c.is_group
          from unnest(
            ${sql.param(sorted.map((value) => value.number))}::text[],
            ${sql.param(sorted.map((value) => value.name))}::text[],
            ${sql.param(sorted.map((value) => value.isGroup))}::bool[]
          ) with ordinality as c(number, name, is_group, ord)
          order by c.ord
          on conflict (company_id, number) do nothing
          returning id`,
      );
      return new Set(rows.map((row) => Number(row.id)));
    },

    /** The connection the contacts last wrote through (intake, in the caller's transaction). */
    async moveToConnection(tx: Database, companyId: number, whatsappId: number, contactIds: number[]) {
      if (contactIds.length === 0) return;
      await tx
        .update(contacts)
        .set({ whatsappId })
        .where(and(ofCompany(companyId), inKeys(contacts.id, contactIds, 'int')));
    },

    /**
     * The contact of a number, created with these values when the company has none (race-free:
     * the number is unique per company). Runs in the caller's transaction.
     */
    async findOrCreateByNumber(
      tx: Database,
      companyId: number,
      values: { number: string; name: string; email?: string; whatsappId?: number },
    ) {
      const [created] = await tx
        .insert(contacts)
        .values({ companyId, ...values })
        .onConflictDoNothing()
        .returning();
      if (created) return { contact: created, created: true };
      const [existing] = await tx
        .select()
        .from(contacts)
        .where(and(ofCompany(companyId), eq(contacts.number, values.number)));
      return { contact: existing, created: false };
    },

    /**
     * Claims a contact's profile-picture check: answers the picture it has only when no check
     * happened since `staleBefore`, and marks the check done at `checkedAt`. The condition sits in
     * the statement, so of several processes asking at once exactly one wins.
     */
    async claimPictureCheck(companyId: number, contactId: number, checkedAt: Date, staleBefore: Date) {
      const [claimed] = await db
        .update(contacts)
        .set({ profilePicCheckedAt: checkedAt })
        .where(
          and(
            ofCompany(companyId),
            eq(contacts.id, contactId),
            or(isNull(contacts.profilePicCheckedAt), lt(contacts.profilePicCheckedAt, staleBefore)),
          ),
        )
        .returning({ id: contacts.id, profilePicUrl: contacts.profilePicUrl });
      return claimed ?? null;
    },

    async setProfilePicture(companyId: number, contactId: number, profilePicUrl: string | null, at: Date) {
      await db
        .update(contacts)
        .set({ profilePicUrl, updatedAt: at })
        .where(and(ofCompany(companyId), eq(contacts.id, contactId)));
    },

    /**
     * One statement for a batch, its rows passed as four arrays (`unnest`): a constant number of
     * parameters, and much cheaper to build than a thousand-row VALUES list. Numbers the company
     * already has are skipped by the unique index (race-safe) and are missing from the answer.
     */
    async insertMany(companyId: number, values: ContactWrite[]) {
      if (values.length === 0) return [] as ContactRow[];
      const result = await db.execute(sql`
        insert into contacts (company_id, name, number, email, extra_info)
        select ${companyId}, row.name, row.number, row.email, row.extra::jsonb
        from unnest(
          ${sql.param(values.map((value) => value.name))}::text[],
          ${sql.param(values.map((value) => value.number))}::text[],
          ${sql.param(values.map((value) => value.email))}::text[],
          ${sql.param(values.map((value) => JSON.stringify(value.extraInfo)))}::text[]
        ) as row(name, number, email, extra)
        on conflict (company_id, number) do nothing
        returning id`);
      return contactsReturnedBy(companyId, result);
    },

    /**
     * Gives these numbers' contacts their name where it is still only the number (nobody named
     * them: intake met them without a push name). The condition sits in the statement, so a name
     * typed meanwhile is never overwritten. Groups keep theirs. Answers the contacts renamed.
     */
    async nameUnnamed(companyId: number, values: Pick<ContactWrite, 'name' | 'number'>[]) {
      const named = values.filter((value) => value.name !== value.number);
      if (named.length === 0) return [] as ContactRow[];
      const result = await db.execute(sql`
        update contacts set name = entry.name, updated_at = now()
        from unnest(
          ${sql.param(named.map((value) => value.number))}::text[],
          ${sql.param(named.map((value) => value.name))}::text[]
        ) as entry(number, name)
        where contacts.company_id = ${companyId} and contacts.number = entry.number
          and contacts.name = contacts.number and not contacts.is_group
        returning contacts.id`);
      return contactsReturnedBy(companyId, result);
    },

    /** Numbers of this list the company already has. */
    async existingNumbers(companyId: number, numbers: string[]) {
      if (numbers.length === 0) return new Set<string>();
      const rows = await db
        .select({ number: contacts.number })
        .from(contacts)
        .where(and(ofCompany(companyId), sql`${contacts.number} = any(${sql.param(numbers)}::text[])`));
      return new Set(rows.map((row) => row.number));
    },

    async update(companyId: number, id: number, values: Partial<ContactWrite>) {
      const [row] = await db
        .update(contacts)
        .set({ ...values, updatedAt: new Date() })
        .where(and(ofCompany(companyId), eq(contacts.id, id)))
        .returning();
      return row ?? null;
    },

    /** Its tickets, messages and notes go with it (foreign keys cascade). */
    async remove(companyId: number, id: number) {
      const [row] = await db
        .delete(contacts)
        .where(and(ofCompany(companyId), eq(contacts.id, id)))
        .returning({ id: contacts.id });
      return row !== undefined;
    },

    /** Counts in the database: 100k deleted ids never travel back. */
    async removeAll(companyId: number) {
      const result = await db.execute(
        sql`with deleted as (delete from contacts where company_id = ${companyId} returning 1) select count(*)::int as total from deleted`,
      );
      const [row] = (result as unknown as { rows: { total: number }[] }).rows;
      return Number(row?.total ?? 0);
    },

    /** Keyset batches for the CSV export: each call is one short indexed query, no open cursor. */
    exportBatch: (companyId: number, afterId: number, limit: number) =>
      db
        .select({ id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email })
        .from(contacts)
        .where(and(ofCompany(companyId), gt(contacts.id, afterId)))
        .orderBy(asc(contacts.id))
        .limit(limit),

    /** The connection to read an address book through: the one asked for, else the company's default. */
    async findConnection(companyId: number, whatsappId: number | undefined) {
      const [row] = await db
        .select({ id: whatsapps.id, companyId: whatsapps.companyId, name: whatsapps.name })
        .from(whatsapps)
        .where(
          and(
            eq(whatsapps.companyId, companyId),
            whatsappId ? eq(whatsapps.id, whatsappId) : eq(whatsapps.isDefault, true),
          ),
        )
        .limit(1);
      return row ?? null;
    },
  };
}

export type ContactsRepository = ReturnType<typeof createContactsRepository>;

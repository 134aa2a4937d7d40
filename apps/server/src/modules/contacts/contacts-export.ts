import { asSpreadsheetText, CONTACTS_CSV_COLUMNS, toCsvLine, UTF8_BOM } from '@wacrm/shared';
import type { ContactsRepository } from './contacts.repository.ts';

/** Rows read per query while exporting. */
export const EXPORT_BATCH_SIZE = 1_000;

/**
 * The company's contacts as CSV text, one batch of rows at a time (keyset on id). The HTTP
 * stream pulls the next batch only when the client has taken the previous one, so memory holds
 * one batch whatever the company's size, and no transaction stays open meanwhile.
 */
export async function* exportContactsCsv(repository: ContactsRepository, companyId: number) {
  yield UTF8_BOM + toCsvLine(CONTACTS_CSV_COLUMNS);
  let afterId = 0;
  for (;;) {
    const rows = await repository.exportBatch(companyId, afterId, EXPORT_BATCH_SIZE);
    if (rows.length === 0) return;
    yield rows.map((row) => toCsvLine([row.name, row.number, row.email].map(asSpreadsheetText))).join('');
    afterId = rows[rows.length - 1].id;
    if (rows.length < EXPORT_BATCH_SIZE) return;
  }
}

import { asSpreadsheetText, toCsvLine, UTF8_BOM } from '../contacts/contact-csv.ts';
import type { DashboardAttendant, TicketsByDayAnswer } from './dashboard.schema.ts';

/** Column titles, in the reader's language (the web passes its translations). */
export interface AttendantsCsvHeaders {
  name: string;
  rating: string;
  avgSupportTime: string;
  tickets: string;
  online: string;
  yes: string;
  no: string;
}

/** Numbers keep a dot: the cells are read back by spreadsheets in any language. */
const decimal = (value: number) => String(Math.round(value * 100) / 100);

/** The attendants table as CSV (semicolons, BOM for Excel), like the contacts export. */
export function attendantsToCsv(attendants: readonly DashboardAttendant[], headers: AttendantsCsvHeaders): string {
  const lines = [toCsvLine([headers.name, headers.rating, headers.avgSupportTime, headers.tickets, headers.online])];
  for (const attendant of attendants) {
    lines.push(
      toCsvLine([
        asSpreadsheetText(attendant.name),
        decimal(attendant.rating),
        decimal(attendant.avgSupportTime),
        String(attendant.tickets),
        attendant.online ? headers.yes : headers.no,
      ]),
    );
  }
  return UTF8_BOM + lines.join('');
}

/** The per-day (or per-hour) series as CSV. */
export function ticketsByDayToCsv(series: TicketsByDayAnswer, headers: { bucket: string; count: string }): string {
  const lines = [toCsvLine([headers.bucket, headers.count])];
  for (const point of series.data) lines.push(toCsvLine([point.bucket, String(point.count)]));
  return UTF8_BOM + lines.join('');
}

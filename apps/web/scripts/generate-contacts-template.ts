/**
 * Writes `public/contacts-template.xlsx`, the spreadsheet the contacts import offers as a model
 * (spec: a template file served from the web root). Run: `npx tsx apps/web/scripts/generate-contacts-template.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/contacts-template.xlsx');

const workbook = new ExcelJS.Workbook();
workbook.creator = 'wacrm';
// A fixed date keeps the committed file byte-stable between runs.
workbook.created = new Date('2024-01-01T00:00:00Z');
workbook.modified = workbook.created;
const sheet = workbook.addWorksheet('contacts');
sheet.columns = [
  { header: 'name', key: 'name', width: 32 },
  { header: 'number', key: 'number', width: 20, style: { numFmt: '@' } },
  { header: 'email', key: 'email', width: 32 },
];
sheet.getRow(1).font = { bold: true };
await workbook.xlsx.writeFile(target);
console.info(`wrote ${target}`);

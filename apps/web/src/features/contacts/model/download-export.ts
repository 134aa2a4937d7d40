import { contactRoutes } from '@wacrm/shared/contacts/contact.routes';
import { CONTACTS_CSV_FILENAME } from '@wacrm/shared/contacts/contact-csv';
import { http } from '../../../lib/api.ts';
import { storageKeys } from '../../../lib/session-storage.ts';

/**
 * Downloads the server's streamed CSV. The route needs the Bearer token, which a plain link
 * cannot carry, so the file is fetched with it and handed to the browser as a blob
 * (docs/decisions/contacts.md). An expired token is refreshed once and the fetch replayed.
 */
export async function downloadContactsCsv(): Promise<void> {
  const fetchWith = (token: string | null) =>
    fetch(contactRoutes.exportCsv.path, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
    });
  let response = await fetchWith(localStorage.getItem(storageKeys.token));
  if (response.status === 403) response = await fetchWith(await http.refreshAccessToken());
  if (!response.ok) throw new Error(`export failed: ${response.status}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = CONTACTS_CSV_FILENAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

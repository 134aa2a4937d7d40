import { auditRoutes } from '@wacrm/shared/audit/audit.routes';
import type { AuditQuery } from '@wacrm/shared/audit/audit.schema';
import { http } from '../../../lib/api.ts';
import { storageKeys } from '../../../lib/session-storage.ts';

export const auditKeys = {
  page: (query: AuditQuery) => ['audit-log', query] as const,
};

export const auditApi = {
  page: (query: AuditQuery) => http.call(auditRoutes.page, { query }),
};

/** The query string of the screen's filters, which the CSV export repeats. */
export function auditQueryString(query: Omit<AuditQuery, 'pageNumber'>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/**
 * Downloads the CSV with the Bearer token (a plain link cannot carry it), as a blob; an expired
 * token is refreshed once.
 */
export async function downloadAuditCsv(query: Omit<AuditQuery, 'pageNumber'>) {
  const path = `${auditRoutes.exportCsv.path}?${auditQueryString(query)}`;
  const fetchWith = (token: string | null) =>
    fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  let response = await fetchWith(localStorage.getItem(storageKeys.token));
  if (response.status === 403) response = await fetchWith(await http.refreshAccessToken());
  if (!response.ok) throw new Error(`export failed: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'audit-log.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

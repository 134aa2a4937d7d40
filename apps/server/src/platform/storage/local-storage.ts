import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaSigner } from './media-signature.ts';

/**
 * Uploaded files on local disk under DATA_DIR/public, one folder per company so that deleting
 * a company removes its files in one go. Names are generated: a client never picks a path.
 * Kept behind this small interface so S3-compatible storage can replace it.
 */
export interface FileStorage {
  /** Stores bytes for a company; answers the path relative to /public (e.g. `company-3/abc.png`). */
  save(companyId: number, file: { extension: string; data: Buffer }): Promise<string>;
  remove(relativePath: string): Promise<void>;
  removeCompany(companyId: number): Promise<void>;
  /** A signed, expiring URL under which a stored file is served (see media-signature.ts). */
  urlOf(relativePath: string): string;
}

export function createLocalStorage(publicDir: string, signer: MediaSigner): FileStorage {
  const companyFolder = (companyId: number) => `company-${companyId}`;
  const resolveInside = (relativePath: string) => {
    const full = path.resolve(publicDir, relativePath);
    if (!full.startsWith(path.resolve(publicDir) + path.sep)) throw new Error('path escapes the storage folder');
    return full;
  };

  return {
    async save(companyId, file) {
      const extension = file.extension
        .replace(/[^a-z0-9]/gi, '')
        .toLowerCase()
        .slice(0, 10);
      const relativePath = `${companyFolder(companyId)}/${randomUUID()}${extension ? `.${extension}` : ''}`;
      const full = resolveInside(relativePath);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, file.data, { mode: 0o640 });
      return relativePath;
    },
    async remove(relativePath) {
      await rm(resolveInside(relativePath), { force: true });
    },
    async removeCompany(companyId) {
      await rm(resolveInside(companyFolder(companyId)), { recursive: true, force: true });
    },
    urlOf: (relativePath) => signer.signedUrl(relativePath),
  };
}

import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaSigner } from './media-signature.ts';

/**
 * Where uploaded files live: the local disk (one process, the default) or an S3-compatible
 * bucket (several processes: s3-storage.ts). Paths are relative (`company-3/abc.png`), one
 * folder per company so that deleting a company removes its files in one go; names are
 * generated, a client never picks a path. Links are always our own signed `/public/…` URLs.
 */
export interface FileStorage {
  kind: 'local' | 's3';
  /** Stores bytes for a company; answers the path relative to /public (e.g. `company-3/abc.png`). */
  save(companyId: number, file: { extension: string; data: Buffer }): Promise<string>;
  remove(relativePath: string): Promise<void>;
  /** The bytes of a stored file (null when it is gone). */
  read(relativePath: string): Promise<Buffer | null>;
  removeCompany(companyId: number): Promise<void>;
  /** A signed, expiring URL under which a stored file is served (see media-signature.ts). */
  urlOf(relativePath: string): string;
  /** A file on this machine with the stored bytes (providers send files by path). */
  localPath(relativePath: string): Promise<string>;
}

/** Uploaded files on local disk under DATA_DIR/public. */

export function createLocalStorage(publicDir: string, signer: MediaSigner): FileStorage {
  const companyFolder = (companyId: number) => `company-${companyId}`;
  const resolveInside = (relativePath: string) => {
    const full = path.resolve(publicDir, relativePath);
    if (!full.startsWith(path.resolve(publicDir) + path.sep)) throw new Error('path escapes the storage folder');
    return full;
  };

  return {
    kind: 'local',
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
    async read(relativePath) {
      try {
        return await readFile(resolveInside(relativePath));
      } catch {
        return null;
      }
    },
    async removeCompany(companyId) {
      await rm(resolveInside(companyFolder(companyId)), { recursive: true, force: true });
    },
    urlOf: (relativePath) => signer.signedUrl(relativePath),
    localPath: async (relativePath) => resolveInside(relativePath),
  };
}

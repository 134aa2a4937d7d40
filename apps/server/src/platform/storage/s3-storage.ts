import { randomUUID } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileStorage } from './local-storage.ts';
import type { MediaSigner } from './media-signature.ts';

export interface S3Options {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** How long the bucket's own presigned link lives; our `/public` link (7 days) is what clients keep. */
const PRESIGNED_SECONDS = 300;

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2…), shared by every server process. Paths
 * and links are the same as on local disk: the `/public/…` link is checked by us and answered
 * with a redirect to a short presigned bucket URL (`presignedUrlOf`). Providers send files by
 * path, so `localPath` downloads once into a cache folder.
 */
export function createS3Storage(options: S3Options, signer: MediaSigner, cacheDir: string) {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  const checkPath = (relativePath: string) => {
    if (!/^company-\d+\/[A-Za-z0-9._-]+$/.test(relativePath)) throw new Error('not a storage path');
    return relativePath;
  };

  const storage: FileStorage & {
    presignedUrlOf(relativePath: string): Promise<string>;
    put(relativePath: string, data: Buffer): Promise<void>;
    close(): void;
  } = {
    kind: 's3',
    async save(companyId, file) {
      const extension = file.extension
        .replace(/[^a-z0-9]/gi, '')
        .toLowerCase()
        .slice(0, 10);
      const key = `company-${companyId}/${randomUUID()}${extension ? `.${extension}` : ''}`;
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: file.data }));
      return key;
    },
    async remove(relativePath) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkPath(relativePath) }));
    },
    async removeCompany(companyId) {
      for (;;) {
        const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `company-${companyId}/` }));
        const keys = (listed.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length === 0) return;
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
        if (!listed.IsTruncated) return;
      }
    },
    async read(relativePath) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkPath(relativePath) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch {
        return null;
      }
    },
    urlOf: (relativePath) => signer.signedUrl(relativePath),
    presignedUrlOf: (relativePath) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: checkPath(relativePath) }), {
        expiresIn: PRESIGNED_SECONDS,
      }),
    async localPath(relativePath) {
      const full = path.join(cacheDir, checkPath(relativePath));
      const cached = await stat(full).catch(() => null);
      if (cached) return full;
      const object = await client.send(new GetObjectCommand({ Bucket, Key: relativePath }));
      const bytes = await object.Body?.transformToByteArray();
      if (!bytes) throw new Error(`empty object ${relativePath}`);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, bytes, { mode: 0o640 });
      return full;
    },
    /** Stores bytes under a given path (moving an installation's files keeps their paths). */
    async put(relativePath, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkPath(relativePath), Body: data }));
    },
    close: () => client.destroy(),
  };
  return storage;
}

export type S3Storage = ReturnType<typeof createS3Storage>;

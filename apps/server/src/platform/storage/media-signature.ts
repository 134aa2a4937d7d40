import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed media links stay valid at least this long after they are handed out. */
const VALIDITY_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * Media under /public is served only through links that carry an expiring signature, so nobody
 * can fetch a company's files by guessing paths. The expiry is rounded to the end of a day, so a
 * file keeps one URL all day long and browsers can cache it.
 */
export function createMediaSigner(secret: string) {
  const key = createHmac('sha256', secret).update('media-links').digest();
  const sign = (relativePath: string, expiresAt: number) =>
    createHmac('sha256', key).update(`${relativePath}\n${expiresAt}`).digest('base64url').slice(0, 32);

  return {
    /** `/public/<path>?exp=…&sig=…` */
    signedUrl(relativePath: string, now = Date.now()) {
      const expiresAt = Math.ceil((now + VALIDITY_DAYS * DAY_MS) / DAY_MS) * (DAY_MS / 1000);
      const encodedPath = relativePath.split('/').map(encodeURIComponent).join('/');
      return `/public/${encodedPath}?exp=${expiresAt}&sig=${sign(relativePath, expiresAt)}`;
    },

    /** Whether a request for `relativePath` (decoded) carries a valid, unexpired signature. */
    verify(relativePath: string, exp: unknown, sig: unknown, now = Date.now()) {
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d+$/.test(exp)) return false;
      const expiresAt = Number(exp);
      if (expiresAt * 1000 < now) return false;
      const expected = Buffer.from(sign(relativePath, expiresAt));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type MediaSigner = ReturnType<typeof createMediaSigner>;

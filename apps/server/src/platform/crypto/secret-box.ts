import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Marks a sealed value, with the scheme's version, so a stored value in clear is told apart. */
const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts small secrets kept in the database (AES-256-GCM, a random 96-bit IV per value, the
 * tag checked on open). The key is derived (HKDF-SHA-256) from a server secret with a `purpose`
 * label, so each use has a key of its own and none is the server secret itself.
 * A sealed value reads `sealed:v1:<base64url of iv | tag | ciphertext>`.
 */
export function createSecretBox(serverSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, '', `wacrm secret-box ${purpose}`, 32));

  return {
    seal(plain: string) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },

    /**
     * The plain text of a sealed value; a value stored before sealing existed is answered as it
     * is. Throws when the value was sealed with another key or altered.
     */
    open(stored: string) {
      if (!isSealed(stored)) return stored;
      const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/** Whether a stored value is sealed (else it is a value written in clear before sealing existed). */
export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export type SecretBox = ReturnType<typeof createSecretBox>;

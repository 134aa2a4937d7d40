import { randomBytes } from 'node:crypto';
import type { TwoFactorRequirement } from '@wacrm/shared';
import { Secret, TOTP } from 'otpauth';
import { isSealed, type SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashPassword, verifyPassword } from '../../platform/http/passwords.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { SettingsReader } from '../settings/index.ts';
import type { TwoFactorRepository } from './two-factor.repository.ts';

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
/** One step either side: a phone clock a little off still signs in. */
const WINDOW_STEPS = 1;
const RECOVERY_CODES = 10;
/** What the authenticator app shows above the code. */
const ISSUER = 'WaCRM';

const totpFor = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS });

/** Ten characters of a-z0-9 (about 50 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode() {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(10);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

const rank: Record<TwoFactorRequirement, number> = { disabled: 0, enabled: 1, everyone: 2 };

/** Whether the company's rule or the platform's, whichever is stricter, asks a second step of this user. */
export function isTwoFactorRequired(
  user: { profile: string; isSuper: boolean },
  companyRule: string,
  platformRule: string,
) {
  const strictest = Math.max(
    rank[companyRule as TwoFactorRequirement] ?? 0,
    rank[platformRule as TwoFactorRequirement] ?? 0,
  );
  return strictest === 2 || (strictest === 1 && (user.profile === 'admin' || user.isSuper));
}

export function createTwoFactorService(deps: {
  repository: TwoFactorRepository;
  settings: Pick<SettingsReader, 'read'>;
  /** The user's email, for the label the authenticator app shows. */
  emailOf: (companyId: number, userId: number) => Promise<string | null>;
  /** TOTP secrets are kept sealed (AES-256-GCM); rows written in clear before are read too. */
  secrets: SecretBox;
}) {
  const { repository, secrets } = deps;

  /**
   * The secret of a stored row in clear, or null when it cannot be opened (sealed with another
   * server key): that user cannot sign in with a code until an admin resets the second step.
   * A secret still in clear is sealed now, so old rows are migrated by their next use.
   */
  async function openSecret(userId: number, stored: string) {
    let plain: string;
    try {
      plain = secrets.open(stored);
    } catch {
      return null;
    }
    if (!isSealed(stored)) await repository.sealSecret(userId, stored, secrets.seal(plain));
    return plain;
  }

  /** Checks a code against a secret and takes its time step; false for a wrong or reused code. */
  async function acceptCode(userId: number, storedSecret: string, code: string) {
    const secret = await openSecret(userId, storedSecret);
    if (!secret) return false;
    const delta = totpFor(secret).validate({ token: code, window: WINDOW_STEPS });
    if (delta === null) return false;
    const step = Math.floor(Date.now() / 1000 / PERIOD_SECONDS) + delta;
    return repository.claimStep(userId, step);
  }

  /** A pending secret is confirmed within minutes: one that cannot be opened is only set up again. */
  async function openPending(stored: string) {
    try {
      return secrets.open(stored);
    } catch {
      return null;
    }
  }

  async function isRequired(user: { companyId: number; profile: string; isSuper: boolean }) {
    const [company, platform] = await Promise.all([
      deps.settings.read(user.companyId, ['require2faForAdmins']),
      repository.policy(),
    ]);
    return isTwoFactorRequired(user, company.require2faForAdmins, platform);
  }

  return {
    isRequired,

    async isEnabled(userId: number) {
      return !!(await repository.find(userId))?.secret;
    },

    /** The second step of a sign-in: a code from the app, or one of the recovery codes once. */
    async verify(userId: number, proof: { code: string } | { recoveryCode: string }) {
      const row = await repository.find(userId);
      if (!row?.secret) return false;
      if ('code' in proof) return acceptCode(userId, row.secret, proof.code);
      // Argon2 hashes cannot be looked up: each is tried (ten at most, ~25 ms each).
      for (const hash of row.recoveryCodeHashes) {
        if (await verifyPassword(hash, proof.recoveryCode)) return repository.useRecoveryCode(userId, hash);
      }
      return false;
    },

    async status(session: RequestSession) {
      const row = await repository.find(session.userId);
      return {
        enabled: !!row?.secret,
        recoveryCodesLeft: row?.secret ? row.recoveryCodeHashes.length : 0,
        required: await isRequired(session),
      };
    },

    /** A new secret, shown once; it becomes the user's only after a code from it is confirmed. */
    async setup(session: RequestSession) {
      if ((await repository.find(session.userId))?.secret) throw new AppError('ERR_2FA_ALREADY_ENABLED');
      const secret = new Secret({ size: 20 }).base32;
      await repository.savePending(session.companyId, session.userId, secrets.seal(secret));
      const email = (await deps.emailOf(session.companyId, session.userId)) ?? String(session.userId);
      return { otpauthUri: totpFor(secret, email).toString(), secret };
    },

    /** Confirms the pending secret; answers the recovery codes, in clear this once. */
    async enable(session: RequestSession, code: string) {
      const row = await repository.find(session.userId);
      if (row?.secret) throw new AppError('ERR_2FA_ALREADY_ENABLED');
      if (!row?.pendingSecret) throw new AppError('ERR_2FA_NOT_PENDING');
      const pending = await openPending(row.pendingSecret);
      const delta = pending === null ? null : totpFor(pending).validate({ token: code, window: WINDOW_STEPS });
      if (delta === null) throw new AppError('ERR_2FA_INVALID_CODE');
      const step = Math.floor(Date.now() / 1000 / PERIOD_SECONDS) + delta;
      const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      const hashes = await Promise.all(recoveryCodes.map((recoveryCode) => hashPassword(recoveryCode)));
      if (!(await repository.enable(session.userId, row.pendingSecret, step, hashes))) {
        throw new AppError('ERR_2FA_NOT_PENDING');
      }
      return recoveryCodes.map((recoveryCode) => `${recoveryCode.slice(0, 5)}-${recoveryCode.slice(5)}`);
    },

    /** The user turns it off, proving it with a current code. */
    async disable(session: RequestSession, code: string) {
      const row = await repository.find(session.userId);
      if (!row?.secret) throw new AppError('ERR_2FA_NOT_ENABLED');
      if (!(await acceptCode(session.userId, row.secret, code))) throw new AppError('ERR_2FA_INVALID_CODE');
      await repository.remove(session.userId);
    },

    remove: repository.remove,
    policy: async (tx?: Database) => ({ require2fa: (await repository.policy(tx)) as TwoFactorRequirement }),
    async setPolicy(require2fa: TwoFactorRequirement, tx?: Database) {
      await repository.setPolicy(require2fa, tx);
      return { require2fa };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

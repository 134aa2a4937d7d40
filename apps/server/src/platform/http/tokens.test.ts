import { ACCESS_TOKEN_TTL_SECONDS } from '@wacrm/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';

const secrets = { jwtSecret: 'a'.repeat(32), jwtRefreshSecret: 'b'.repeat(32) };
const claims = { userId: 7, companyId: 3, tokenVersion: 2 };

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('answers the claims of a good token, also when asked again', async () => {
    const tokens = createTokenService(secrets);
    const token = await tokens.signAccess(claims);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
  });

  it('refuses a token signed with another secret or changed by a byte', async () => {
    const tokens = createTokenService(secrets);
    const foreign = await createTokenService({ ...secrets, jwtSecret: 'c'.repeat(32) }).signAccess(claims);
    expect(await tokens.verifyAccess(foreign)).toBeNull();
    const token = await tokens.signAccess(claims);
    await tokens.verifyAccess(token);
    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verifyAccess(tampered)).toBeNull();
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const tokens = createTokenService(secrets);
    const token = await tokens.signAccess(claims);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    vi.setSystemTime(new Date(Date.now() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000));
    expect(await tokens.verifyAccess(token)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { assertOutboundUrlAllowed, isInternalAddress } from './outbound-url.ts';

describe('outbound URL guard', () => {
  it('knows the internal ranges, also in IPv4-mapped IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('refuses loopback, private and non-http URLs with a field error', async () => {
    for (const url of [
      'http://127.0.0.1:5678/hook',
      'http://localhost/x',
      'http://[::1]/',
      'http://10.0.0.8/',
      'file:///etc/passwd',
      'not a url',
    ]) {
      await expect(assertOutboundUrlAllowed(url, { allowPrivate: false, field: 'urlN8N' }), url).rejects.toMatchObject({
        code: 'ERR_URL_NOT_ALLOWED',
        status: 400,
        extra: { fields: { urlN8N: 'ERR_URL_NOT_ALLOWED' } },
      });
    }
  });

  it('accepts a public address, and a private one when the operator allows it', async () => {
    await expect(assertOutboundUrlAllowed('https://8.8.8.8/hook', { allowPrivate: false })).resolves.toBeInstanceOf(
      URL,
    );
    await expect(
      assertOutboundUrlAllowed('http://127.0.0.1:5678/hook', { allowPrivate: true }),
    ).resolves.toBeInstanceOf(URL);
    await expect(assertOutboundUrlAllowed('ftp://127.0.0.1/', { allowPrivate: true })).rejects.toMatchObject({
      code: 'ERR_URL_NOT_ALLOWED',
    });
  });
});

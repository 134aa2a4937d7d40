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

  it('refuses loopback, private, unresolvable and non-http URLs, each with its own code as a field error', async () => {
    const refusals = {
      'http://127.0.0.1:5678/hook': 'ERR_URL_NOT_ALLOWED',
      'http://localhost/x': 'ERR_URL_NOT_ALLOWED',
      'http://[::1]/': 'ERR_URL_NOT_ALLOWED',
      'http://10.0.0.8/': 'ERR_URL_NOT_ALLOWED',
      // `.invalid` is reserved never to resolve (RFC 2606).
      'https://n8n.no-such-host.invalid/webhook': 'ERR_URL_UNRESOLVABLE',
      'file:///etc/passwd': 'ERR_URL_INVALID',
      'not a url': 'ERR_URL_INVALID',
    };
    for (const [url, code] of Object.entries(refusals)) {
      await expect(assertOutboundUrlAllowed(url, { allowPrivate: false, field: 'urlN8N' }), url).rejects.toMatchObject({
        code,
        status: 400,
        extra: { fields: { urlN8N: code } },
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
      code: 'ERR_URL_INVALID',
    });
  });
});

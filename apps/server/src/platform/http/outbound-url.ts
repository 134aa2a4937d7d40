import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from './app-error.ts';

/**
 * Guards the URLs a company may make the server call (bot integrations, outbound webhooks) against
 * server-side request forgery: only http(s), and never an address on a loopback, private, link-local
 * or otherwise internal network, unless the operator allows it (`INTEGRATIONS_ALLOW_PRIVATE_URLS`).
 *
 * Check when the URL is saved (a field error the user can act on) and again right before each call,
 * because a name can resolve elsewhere later.
 */
const internalNetworks = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internalNetworks.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internalNetworks.addSubnet(network, prefix, 'ipv6');
}

export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // IPv4-mapped IPv6 (::ffff:10.0.0.1) is the IPv4 address in disguise.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return internalNetworks.check(mapped[1], 'ipv4');
    return internalNetworks.check(address, 'ipv6');
  }
  return internalNetworks.check(address, 'ipv4');
}

/**
 * Answers `rawUrl` when it is an http(s) URL whose host resolves only to public addresses; else
 * throws (400) why not: `ERR_URL_INVALID` (not an http or https address), `ERR_URL_UNRESOLVABLE`
 * (its host name is not found: there is nothing to call), `ERR_URL_NOT_ALLOWED` (it points to a
 * loopback, private or link-local address). `field` names the form field in the error, with the
 * code as its message, so the screen can mark the field and translate it.
 */
export async function assertOutboundUrlAllowed(
  rawUrl: string,
  options: { allowPrivate: boolean; field?: string },
): Promise<URL> {
  const field = options.field ?? 'url';
  const refuse = (code: 'ERR_URL_INVALID' | 'ERR_URL_UNRESOLVABLE' | 'ERR_URL_NOT_ALLOWED') =>
    new AppError(code, { fields: { [field]: code } });
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw refuse('ERR_URL_INVALID');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('ERR_URL_INVALID');
  if (options.allowPrivate) return url;

  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((entry) => entry.address),
        () => [] as string[],
      );
  if (addresses.length === 0) throw refuse('ERR_URL_UNRESOLVABLE');
  if (addresses.some(isInternalAddress)) throw refuse('ERR_URL_NOT_ALLOWED');
  return url;
}

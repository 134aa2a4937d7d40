import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake push service accepted: the decrypted payload and the VAPID claims it was signed with. */
export interface ReceivedPush {
  payload: Record<string, unknown>;
  claims: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
  headers: IncomingMessage['headers'];
}

/** A browser's subscription at the fake service, with the private half of its keys (the browser's). */
export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  received: ReceivedPush[];
  /** The status the service answers for this subscription from now on (201 by default; 410 = gone). */
  answerWith(status: number): void;
}

const b64url = (data: Buffer) => data.toString('base64url');

/**
 * Verifies the `Authorization: vapid t=<JWT>, k=<public key>` header (RFC 8292): an ES256 JWT signed by
 * the key `k`, for the endpoint's origin, expiring within 24 hours.
 */
function verifyVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = match;
  const [encodedHeader, encodedClaims, signature] = jwt.split('.');
  const jose = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString());
  if (jose.alg !== 'ES256') throw new Error(`VAPID JWT alg ${jose.alg}`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('VAPID k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const isValid = verify(
    'sha256',
    Buffer.from(`${encodedHeader}.${encodedClaims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(encodedClaims, 'base64url').toString());
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud}, expected ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('VAPID expiry outside 24 hours');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`VAPID subject ${claims.sub}`);
  return { claims, vapidPublicKey: k };
}

/**
 * Decrypts an `aes128gcm` push message body (RFC 8188 framing, RFC 8291 keys) with the browser's
 * private key and auth secret: ECDH with the sender's key from the header, HKDF to the content key
 * and nonce, AES-128-GCM, then the padding delimiter.
 */
export function decryptPushBody(body: Buffer, browser: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }) {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20];
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const cipherText = body.subarray(21 + keyIdLength);
  if (cipherText.length > recordSize) throw new Error('a push message of more than one record');
  const browserPublic = browser.ecdh.getPublicKey();
  const sharedSecret = browser.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, browser.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end);
}

/**
 * A Web Push service on loopback, as a browser vendor's would answer the server: it checks the VAPID
 * signature, decrypts each message with the subscription's keys and records it. Anything it cannot
 * verify or decrypt is answered 400 and kept in `rejected`, so a test sees why.
 */
export async function startFakePushService() {
  const subscriptions = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number; received: ReceivedPush[] }
  >();
  const rejected: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const subscription = id ? subscriptions.get(id) : undefined;
      if (!subscription) {
        response.writeHead(404).end();
        return;
      }
      try {
        if (request.method !== 'POST') throw new Error(`method ${request.method}`);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!request.headers.ttl) throw new Error('no TTL');
        const { claims, vapidPublicKey } = verifyVapid(request.headers.authorization, origin);
        const payload = JSON.parse(decryptPushBody(Buffer.concat(chunks), subscription).toString('utf8'));
        if (subscription.status < 300)
          subscription.received.push({ payload, claims, vapidPublicKey, headers: request.headers });
        response.writeHead(subscription.status).end();
      } catch (error) {
        rejected.push((error as Error).message);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    rejected,
    /** A new browser subscription: fresh P-256 keys and auth secret, as `pushManager.subscribe` makes. */
    subscribe(): FakeSubscription {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const entry = { ecdh, auth, status: 201, received: [] as ReceivedPush[] };
      subscriptions.set(id, entry);
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        received: entry.received,
        answerWith(status: number) {
          entry.status = status;
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

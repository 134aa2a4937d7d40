import { createVerify, type KeyObject } from 'node:crypto';
import { sendJson, startHttpFake } from './http-fake.ts';

/**
 * Google's OAuth2 token endpoint (JWT-bearer grant, checked against the service account's public
 * key) and Dialogflow ES `detectIntent`, which accepts only the tokens it issued and not yet revoked.
 */
export async function startFakeGoogle(options: { expiresIn: number }) {
  let publicKey: KeyObject | null = null;
  let issued = 0;
  const valid = new Set<string>();
  const fake = await startHttpFake((request, response) => {
    if (request.method === 'POST' && request.path === '/token') {
      const form = new URLSearchParams(request.text);
      const assertion = form.get('assertion') ?? '';
      const [header, claims, signature] = assertion.split('.');
      const verified =
        form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
        publicKey !== null &&
        createVerify('RSA-SHA256')
          .update(`${header}.${claims}`)
          .verify(publicKey, Buffer.from(signature ?? '', 'base64url'));
      if (!verified) return sendJson(response, 400, { error: 'invalid_grant' });
      const token = `ya29.token-${++issued}`;
      valid.add(token);
      return sendJson(response, 200, { access_token: token, expires_in: options.expiresIn, token_type: 'Bearer' });
    }
    const detect = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/]+):detectIntent$/.exec(request.path);
    if (request.method === 'POST' && detect) {
      const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!valid.has(token)) return sendJson(response, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      if (detect[1] !== 'test-project')
        return sendJson(response, 403, { error: { code: 403, status: 'PERMISSION_DENIED' } });
      const { text, languageCode } = JSON.parse(request.text).queryInput.text;
      const human = /atendente|human/i.test(text);
      return sendJson(response, 200, {
        responseId: 'r1',
        queryResult: {
          queryText: text,
          languageCode,
          fulfillmentText: human ? 'Vou chamar um atendente.' : `Você disse: ${text}`,
          intent: { displayName: human ? 'falar-com-humano' : 'default', endInteraction: false },
        },
      });
    }
    sendJson(response, 404, { error: 'not found' });
  });
  return {
    ...fake,
    trust: (key: KeyObject) => {
      publicKey = key;
    },
    tokensIssued: () => issued,
    /** Google revokes every token it gave (a 401 follows). */
    revokeAll: () => valid.clear(),
  };
}

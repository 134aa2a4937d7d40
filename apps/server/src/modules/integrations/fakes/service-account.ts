import { generateKeyPairSync } from 'node:crypto';

/** A throwaway service-account key whose token endpoint is the fake Google server. */
export function fakeServiceAccount(tokenUri: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const json = JSON.stringify({
    type: 'service_account',
    project_id: 'test-project',
    private_key_id: 'key-1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'bot@test-project.iam.gserviceaccount.com',
    token_uri: tokenUri,
  });
  return { json, publicKey };
}

import { AppError } from '../../../platform/http/app-error.ts';

export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri: string;
}

const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

/** Reads a Google service-account JSON key; anything else is a field error, never a 500. */
export function parseServiceAccount(json: string): ServiceAccount {
  const invalid = () =>
    new AppError('ERR_DIALOGFLOW_CREDENTIALS_INVALID', {
      fields: { jsonContent: 'ERR_DIALOGFLOW_CREDENTIALS_INVALID' },
    });
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw invalid();
  }
  if (!value || typeof value !== 'object') throw invalid();
  const { client_email, private_key, token_uri } = value as Record<string, unknown>;
  if (typeof client_email !== 'string' || typeof private_key !== 'string' || !private_key.includes('PRIVATE KEY')) {
    throw invalid();
  }
  return { client_email, private_key, token_uri: typeof token_uri === 'string' ? token_uri : GOOGLE_TOKEN_URI };
}

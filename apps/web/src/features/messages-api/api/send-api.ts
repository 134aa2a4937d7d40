import type { ExternalSendAnswer } from '@wacrm/shared/public-api/external-send.schema';
import { publicApiRoutes } from '@wacrm/shared/public-api/public-api.routes';

export interface SendAttempt {
  status: number;
  body: ExternalSendAnswer | { error?: string; message?: string; fields?: Record<string, string> };
}

/**
 * Calls the real external endpoint as another system would: with the connection token, not the
 * user's session (so the app's HTTP client, which adds the user's token, is not used).
 */
export async function sendThroughApi(input: { token: string; number: string; body: string; file: File | null }) {
  const headers: Record<string, string> = { authorization: `Bearer ${input.token.trim()}` };
  let payload: BodyInit;
  if (input.file) {
    const form = new FormData();
    form.set('number', input.number);
    form.set('body', input.body);
    form.append('medias', input.file, input.file.name);
    payload = form;
  } else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify({ number: input.number, body: input.body });
  }
  const response = await fetch(publicApiRoutes.send.path, { method: 'POST', headers, body: payload });
  const body = (await response.json().catch(() => ({}))) as SendAttempt['body'];
  return { status: response.status, body } satisfies SendAttempt;
}

import { type ChildProcess, spawn } from 'node:child_process';
import { repoRoot } from '../support/paths.ts';

export const PSP_WEBHOOK_SECRET = 'e2e-webhook-secret-0123456789';

export interface RunningPsp {
  url: string;
  /** The server's environment for this PSP. */
  env: Record<string, string>;
  setWebhook: (serverUrl: string) => Promise<void>;
  /** The payer pays the newest open charge (as a bank app would): the PSP calls the server's webhook. */
  payLatest: () => Promise<{ status: number }>;
  stop: () => void;
}

/**
 * The fake Pix PSP that lives with the server tests, started with the README's command
 * (`npx tsx apps/server/test/fake-pix-psp.ts`) and driven over its `/fake/*` endpoints.
 */
export async function startFakePsp(): Promise<RunningPsp> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/fake-pix-psp.ts'], {
    cwd: repoRoot,
    env: { ...process.env, FAKE_PSP_PORT: '0', PIX_WEBHOOK_SECRET: PSP_WEBHOOK_SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Fake Pix PSP on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found) resolve(found[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`fake PSP exited (${code}): ${output}`)));
  });
  return {
    url,
    env: {
      PIX_API_URL: url,
      PIX_CLIENT_ID: 'fake-client',
      PIX_CLIENT_SECRET: 'fake-secret',
      PIX_KEY: 'billing@example.com',
      PIX_WEBHOOK_SECRET: PSP_WEBHOOK_SECRET,
    },
    async setWebhook(serverUrl) {
      await fetch(`${url}/fake/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ webhookUrl: `${serverUrl}/api/payments/pix/webhook` }),
      });
    },
    async payLatest() {
      const charges = (await (await fetch(`${url}/fake/charges`)).json()) as { txid: string; status: string }[];
      const latest = charges.filter((charge) => charge.status === 'ATIVA').at(-1);
      if (!latest) throw new Error('no open charge at the PSP');
      const paid = await fetch(`${url}/fake/pay/${latest.txid}`, { method: 'POST' });
      return (await paid.json()) as { status: number };
    },
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

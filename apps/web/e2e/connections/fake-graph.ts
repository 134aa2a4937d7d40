import { type ChildProcess, spawn } from 'node:child_process';
import { repoRoot } from '../support/paths.ts';

export interface FakeNumber {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  verifiedName: string;
}

export interface RunningGraph {
  /** The server's environment for this Graph API. */
  env: Record<string, string>;
  addNumber: (number: FakeNumber, accessToken: string) => Promise<void>;
  /** What the server sent through the Graph API, oldest first. */
  sent: () => Promise<{ to: string; type: string; body: Record<string, unknown> }[]>;
  reads: () => Promise<{ messageId: string }[]>;
  /** Meta posting a customer's text message to a connection's webhook, signed with the app secret. */
  deliver: (message: {
    webhookUrl: string;
    appSecret: string;
    phoneNumberId: string;
    from: string;
    name: string;
    text: string;
    /** Backdates the message: more than a day closes the customer service window. */
    secondsAgo?: number;
  }) => Promise<{ status: number; body: string }>;
  /** An account's templates, in Meta's shape. */
  setTemplates: (wabaId: string, templates: unknown[]) => Promise<void>;
  stop: () => void;
}

/**
 * The fake Graph API that lives with the server tests, started with its own command
 * (`npx tsx apps/server/test/fake-graph-api.ts`) and driven over its `/fake/*` endpoints.
 */
export async function startFakeGraph(): Promise<RunningGraph> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/fake-graph-api.ts'], {
    cwd: repoRoot,
    env: { ...process.env, FAKE_GRAPH_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Fake Graph API on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found) resolve(found[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`fake Graph API exited (${code}): ${output}`)));
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return answer.json();
  };
  return {
    env: { WHATSAPP_GRAPH_URL: url, WHATSAPP_GRAPH_VERSION: 'v23.0' },
    addNumber: async (number, accessToken) => {
      await call('POST', '/fake/numbers', { number, accessToken });
    },
    setTemplates: async (wabaId, templates) => {
      await call('POST', '/fake/templates', { wabaId, templates });
    },
    sent: () => call('GET', '/fake/sent'),
    reads: () => call('GET', '/fake/reads'),
    deliver: (message) => call('POST', '/fake/deliver', message),
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

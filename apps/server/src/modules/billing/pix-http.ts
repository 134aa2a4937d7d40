import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';

export interface PixHttpOptions {
  certPath?: string;
  certKeyPath?: string;
  caPath?: string;
  timeoutMs?: number;
}

export interface PixHttpResponse {
  status: number;
  body: unknown;
}

/**
 * A small JSON client on node:http(s): PSPs often require mTLS (a client certificate), which
 * the global fetch cannot present without an extra dependency.
 */
export function createPixHttp(options: PixHttpOptions) {
  const agent = new https.Agent({
    keepAlive: true,
    cert: options.certPath ? readFileSync(options.certPath) : undefined,
    key: options.certKeyPath ? readFileSync(options.certKeyPath) : undefined,
    ca: options.caPath ? readFileSync(options.caPath) : undefined,
  });
  const timeoutMs = options.timeoutMs ?? 15_000;

  return function request(
    method: string,
    url: string,
    init: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<PixHttpResponse> {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(
        target,
        {
          method,
          agent: target.protocol === 'https:' ? agent : undefined,
          headers: {
            accept: 'application/json',
            ...(init.body !== undefined ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}),
            ...init.headers,
          },
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              // not JSON: kept as text for the error message
            }
            resolve({ status: res.statusCode ?? 0, body });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`Pix API timed out after ${timeoutMs} ms`)));
      req.on('error', reject);
      if (init.body !== undefined) req.write(init.body);
      req.end();
    });
  };
}

export type PixHttp = ReturnType<typeof createPixHttp>;

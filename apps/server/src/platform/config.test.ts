import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repositoryRoot, resolveDirectory } from './config.ts';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'wacrm-config-'));

describe('loadConfig', () => {
  it('has working defaults on a bare machine and keeps generated secrets', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.port).toBe(8080);
    expect(first.databaseUrl).toBeUndefined();
    expect(first.jwtSecret).toHaveLength(96);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('lists every bad variable with a clear message', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'nope' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL: must be a postgres:\/\/ URL/,
    );
  });

  it('requires secrets and a non-default admin password in production', () => {
    const attempt = () => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' });
    expect(attempt).toThrowError(ConfigError);
    expect(attempt).toThrowError(/JWT_SECRET[\s\S]*JWT_REFRESH_SECRET[\s\S]*ADMIN_PASSWORD/);
  });

  it('takes the default folders from the repository, whatever the working directory', () => {
    // (loadConfig would create the default data folder, so that one is checked on the resolver.)
    expect(resolveDirectory({ INIT_CWD: os.tmpdir() }, undefined, 'data')).toBe(path.join(repositoryRoot, 'data'));
    const config = loadConfig({ INIT_CWD: os.tmpdir(), DATA_DIR: dataDir() });
    expect(config.webDistDir).toBe(path.join(repositoryRoot, 'apps', 'web', 'dist'));
    expect(existsSync(path.join(repositoryRoot, 'package.json'))).toBe(true);
    expect(existsSync(path.join(repositoryRoot, 'apps', 'server', 'src', 'main.ts'))).toBe(true);
  });

  it('reads relative folders from where the command was run (npm INIT_CWD, else the working directory)', () => {
    const ranFrom = dataDir();
    const config = loadConfig({ INIT_CWD: ranFrom, DATA_DIR: 'mine', SERVE_WEB_DIST: 'web' });
    expect(config.dataDir).toBe(path.join(ranFrom, 'mine'));
    expect(config.webDistDir).toBe(path.join(ranFrom, 'web'));
    const absolute = dataDir();
    expect(loadConfig({ INIT_CWD: ranFrom, DATA_DIR: absolute }).dataDir).toBe(absolute);
    expect(loadConfig({ DATA_DIR: absolute, SERVE_WEB_DIST: 'web' }).webDistDir).toBe(path.resolve('web'));
    expect(loadConfig({ DATA_DIR: absolute, SERVE_WEB_DIST: '' }).webDistDir).toBeNull();
  });

  it('reads TRUST_PROXY as none, a list of addresses and ranges, or a hop count', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
      'loopback',
    ]);
    const hops = loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }).trustProxy as (
      address: string,
      hop: number,
    ) => boolean;
    expect([hops('1.2.3.4', 0), hops('1.2.3.4', 1), hops('1.2.3.4', 2)]).toEqual([true, true, false]);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' })).toThrowError(/TRUST_PROXY/);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/33' })).toThrowError(/TRUST_PROXY/);
  });

  it("reads AZURE_SPEECH_URL as an http(s) template, Azure's by default", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).azureSpeechUrl).toBe(
      'https://{region}.tts.speech.microsoft.com/cognitiveservices/v1',
    );
    const local = 'http://127.0.0.1:9000/{region}/cognitiveservices/v1';
    expect(loadConfig({ DATA_DIR: dir, AZURE_SPEECH_URL: local }).azureSpeechUrl).toBe(local);
    expect(() => loadConfig({ DATA_DIR: dir, AZURE_SPEECH_URL: 'ftp://{region}.example.com' })).toThrowError(
      /AZURE_SPEECH_URL/,
    );
  });
});

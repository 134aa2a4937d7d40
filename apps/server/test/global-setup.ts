import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, createPostgresTemplate } from './database-template.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The folder of this run's server build, whose `main.js` the real-process tests start. */
    serverBuild: string;
  }
}

const serverRoot = path.resolve(import.meta.dirname, '..');

/**
 * Builds the server the way `npm start` does, into a folder of this run (two runs in one checkout
 * never share one, and `npm run build`'s dist may be rebuilt meanwhile by the browser suite). The
 * tests that start real processes start this bundle: started through tsx instead, every start
 * spent seconds of CPU compiling the server again.
 */
async function buildServer() {
  const buildsDir = path.join(serverRoot, '.test-build');
  mkdirSync(buildsDir, { recursive: true });
  const folder = mkdtempSync(path.join(buildsDir, 'run-'));
  await promisify(execFile)(process.execPath, ['scripts/build.mjs', folder], { cwd: serverRoot });
  return folder;
}

export default async function globalSetup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [serverBuild] = await Promise.all([
    buildServer(),
    serverUrl ? createPostgresTemplate(serverUrl) : createPgliteTemplate(),
  ]);
  project.provide('serverBuild', serverBuild);
  return () => rmSync(serverBuild, { recursive: true, force: true });
}

import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const webDistIndex = fileURLToPath(new URL('../../dist/index.html', import.meta.url));
/** The built server the specs start (server.ts), as `npm start` runs it. */
export const serverDistMain = fileURLToPath(new URL('../../../server/dist/main.js', import.meta.url));
export const screenshotsDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

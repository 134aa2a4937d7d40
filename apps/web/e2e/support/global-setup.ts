import { existsSync } from 'node:fs';
import { hasChromium, missingChromiumNotice } from './chromium.ts';
import { serverDistMain, webDistIndex } from './paths.ts';

/** Fails early with a clear message instead of timing out in every test. */
export default function globalSetup(): void {
  if (!hasChromium) {
    if (process.env.CI === 'true') throw new Error(`Chromium is required under CI.${missingChromiumNotice}`);
    console.warn(missingChromiumNotice);
    return;
  }
  for (const built of [webDistIndex, serverDistMain]) {
    if (!existsSync(built)) throw new Error(`The app is not built (${built} is missing). Run: npm run build`);
  }
}

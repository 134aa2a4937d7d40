import { existsSync } from 'node:fs';
import { hasChromium, missingChromiumNotice } from './chromium.ts';
import { webDistIndex } from './paths.ts';

/** Fails early with a clear message instead of timing out in every test. */
export default function globalSetup(): void {
  if (!hasChromium) {
    if (process.env.CI === 'true') throw new Error(`Chromium is required under CI.${missingChromiumNotice}`);
    console.warn(missingChromiumNotice);
    return;
  }
  if (!existsSync(webDistIndex)) {
    throw new Error(`The web app is not built (${webDistIndex}). Run: npm run build --workspace apps/web`);
  }
}

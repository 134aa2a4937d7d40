import { existsSync } from 'node:fs';

/** Debian's chromium; never a downloaded browser. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const hasChromium = existsSync(chromiumPath);

export const missingChromiumNotice = [
  '',
  '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
  `!! Chromium not found at ${chromiumPath}: every browser test is SKIPPED.`,
  '!! Install it (apt-get install -y chromium) or set CHROMIUM_PATH.',
  '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
  '',
].join('\n');

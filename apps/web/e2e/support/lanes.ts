import { createHash } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm test` runs the browser suite in two lanes that share one list of spec files: the second
 * joins when the server suite is done, so the browser gets the second core only once nothing else
 * needs it (scripts/run-tests.mjs). Both go through the files in the same order and the first to
 * reach a file takes it, so the lanes end within one file of each other on any machine.
 * `E2E_CLAIMS_DIR` is the run's folder of taken files; without it (a spec run alone) every file
 * runs here.
 */
const claimsDir = process.env.E2E_CLAIMS_DIR;
const lane = process.env.E2E_LANE ?? 'only';

/** The reason a lane gives for the files it leaves; scripts/run-tests.mjs checks each ran elsewhere. */
export const takenByAnotherLane = 'runs in the other browser lane';

/** True when this lane runs `specFile`: it is free (and now this lane's) or this lane took it. */
export function isSpecFileOurs(specFile: string): boolean {
  if (!claimsDir) return true;
  const claim = path.join(claimsDir, createHash('sha1').update(specFile).digest('hex'));
  // Written whole, then linked: a link is created or refused at once, so the other lane never
  // reads a claim half written.
  const draft = `${claim}.${lane}.${process.pid}`;
  writeFileSync(draft, lane);
  try {
    linkSync(draft, claim);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(claim, 'utf8') === lane;
  } finally {
    rmSync(draft, { force: true });
  }
}

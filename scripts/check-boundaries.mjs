#!/usr/bin/env node
// `npm run lint` runs this after Biome: it fails when a change breaks one of the code's boundaries
// (scripts/boundaries/rules.mjs; docs/architecture.md, "Boundaries"), naming the rule and the line.
//
// The violations that predate a rule are listed in scripts/boundaries/known-violations.txt, and
// the list only shrinks: a known one that is gone must be struck from it too (`--prune` does
// that), so a fix cannot quietly come undone. No flag adds to it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findViolations, rules, tableOwners } from './boundaries/rules.mjs';
import { parseSource, sourceFilesUnder } from './boundaries/source-files.mjs';

const appsDir = path.resolve(import.meta.dirname, '../apps');
const knownFile = path.join(import.meta.dirname, 'boundaries/known-violations.txt');

const sources = [
  ...sourceFilesUnder(path.join(appsDir, 'server/src')),
  ...sourceFilesUnder(path.join(appsDir, 'web/src')),
].map(parseSource);
const found = new Map();
for (const violation of findViolations(appsDir, sources, tableOwners(appsDir, sources))) {
  if (!found.has(violation.key)) found.set(violation.key, violation);
}

const knownText = readFileSync(knownFile, 'utf8');
const known = new Set(knownText.split('\n').filter((line) => line.trim() && !line.startsWith('#')));
const added = [...found.values()].filter((violation) => !known.has(violation.key));
const gone = [...known].filter((key) => !found.has(key));

if (process.argv.includes('--prune')) {
  const kept = knownText.split('\n').filter((line) => !gone.includes(line));
  writeFileSync(knownFile, kept.join('\n'));
  console.log(`boundaries: ${gone.length} fixed violation(s) struck from ${path.basename(knownFile)}`);
  process.exit(0);
}

for (const violation of added) {
  console.error(`${violation.where}  ${violation.rule}: ${violation.message}`);
  console.error(`    rule: ${rules[violation.rule]}`);
}
if (gone.length > 0) {
  console.error(`\nThese known violations are fixed; strike them (node scripts/check-boundaries.mjs --prune):`);
  for (const key of gone) console.error(`  ${key}`);
}
if (added.length > 0 || gone.length > 0) {
  console.error(`\nboundaries: ${added.length} new violation(s), ${gone.length} fixed but still listed`);
  process.exit(1);
}
console.log(`boundaries: ${sources.length} files checked, no new violation (${known.size} known, listed to be fixed)`);

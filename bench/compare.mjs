// Markdown table of bench results side by side (for docs/performance-log.md):
//   node bench/compare.mjs <label>=<results.json> [<label>=<results.json> …]
import { readFileSync } from 'node:fs';

const inputs = process.argv.slice(2).map((arg) => {
  const [label, file] = arg.includes('=') ? arg.split('=') : [arg, arg];
  return { label, results: JSON.parse(readFileSync(file, 'utf8')) };
});

for (const database of ['pglite', 'postgres', 'web']) {
  const columns = inputs.map(({ label, results }) => {
    const figures =
      database === 'web' ? results.bundle?.figures : results.runs.find((run) => run.database === database)?.figures;
    return { label, figures: new Map((figures ?? []).map((figure) => [figure.name, figure])) };
  });
  const names = [...new Set(columns.flatMap((column) => [...column.figures.keys()]))];
  if (names.length === 0) continue;
  console.log(`\n**${database}**\n`);
  console.log(`| figure | ${columns.map((column) => column.label).join(' | ')} | unit | target |`);
  console.log(`| --- | ${columns.map(() => '---:').join(' | ')} | --- | --- |`);
  for (const name of names) {
    const any = columns.map((column) => column.figures.get(name)).find(Boolean);
    const cells = columns.map((column) => {
      const figure = column.figures.get(name);
      if (!figure) return '–';
      if (figure.value === null) return 'n/a';
      const mark = figure.met === false ? ' ✗' : figure.met ? ' ✓' : '';
      return `${figure.value}${mark}`;
    });
    console.log(`| ${name} | ${cells.join(' | ')} | ${any.unit} | ${any.target} |`);
  }
}
for (const { label, results } of inputs) {
  const runs = results.runs.map(
    (run) => `${run.database} load ${run.loadBefore.join('/')} → ${run.loadAfter.join('/')}`,
  );
  console.log(`\n${label}: ${results.machine.at}, ${results.seconds} s; ${runs.join('; ')}`);
}

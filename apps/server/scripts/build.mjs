// Builds the server to JavaScript for production: one ES module bundle in apps/server/dist, with
// our own code (and the shared package's TypeScript) compiled in and every npm dependency left
// as an import, so `node apps/server/dist/main.js` starts without a TypeScript loader.
// `node scripts/build.mjs <folder>` builds into another folder inside apps/server (the server
// suite builds its own copy there, test/global-setup.ts): the bundle imports its packages from
// node_modules, which Node finds only from a folder in the checkout.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const outdir = path.resolve(process.argv[2] ?? path.join(serverDir, 'dist'));
const manifest = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const dependencies = Object.keys(manifest.dependencies).filter((name) => name !== '@wacrm/shared');

rmSync(outdir, { recursive: true, force: true });
await build({
  // The embedded database's thread is an entry of its own (src/platform/db/pglite-thread.ts).
  entryPoints: {
    main: path.join(serverDir, 'src/main.ts'),
    'pglite-worker': path.join(serverDir, 'src/platform/db/pglite-worker.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Packages stay in node_modules (and their subpaths, e.g. `@electric-sql/pglite/contrib/…`).
  external: dependencies.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
console.log(`server built into ${path.relative(process.cwd(), outdir) || '.'}`);

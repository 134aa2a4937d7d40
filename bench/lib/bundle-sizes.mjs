// Web bundle sizes: what the browser downloads (gzip JS + CSS) to show the login page and the
// tickets screen. Builds the web app with Vite's manifest into a temporary folder (apps/web/dist,
// which the browser tests serve, is left alone) and follows each route's chunks.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The login route is the entry chunk and its static imports. The tickets screen adds the
 * dynamic entries that lead to it: the private app (shell, pages, socket) and, if it is split
 * out, the tickets page chunk, each with their static imports.
 */
export function measureBundles(root) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'wacrm-bench-web-'));
  try {
    const started = Date.now();
    const build = spawnSync(
      'npm',
      ['run', 'build', '--workspace', 'apps/web', '--', '--manifest', '--outDir', outDir, '--emptyOutDir'],
      { cwd: root, encoding: 'utf8' },
    );
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
    const gzipOf = (file) => gzipSync(readFileSync(path.join(outDir, file))).length;

    const closure = (keys) => {
      const files = new Set();
      const visit = (key) => {
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file)) return;
        files.add(chunk.file);
        for (const css of chunk.css ?? []) files.add(css);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      for (const key of keys) visit(key);
      return files;
    };
    const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
    const dynamic = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry);
    const ticketRoute = dynamic.filter((key) => /private-app|features\/tickets\/pages/.test(key));
    const size = (files) => {
      let js = 0;
      let css = 0;
      for (const file of files) {
        if (file.endsWith('.js')) js += gzipOf(file);
        else if (file.endsWith('.css')) css += gzipOf(file);
      }
      return { jsKb: js / 1024, cssKb: css / 1024, files: [...files] };
    };
    return {
      buildSeconds: (Date.now() - started) / 1000,
      login: size(closure([entry])),
      tickets: size(closure([entry, ...ticketRoute])),
      ticketChunks: ticketRoute,
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Files of public/ the installed app needs offline besides the build's own. */
const PUBLIC_SHELL_FILES = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/zod-jitless.js',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-512.png',
];

/**
 * Writes dist/sw.js from service-worker/sw.js with this build's id and its app shell: index.html
 * and every script and stylesheet of the build (a screen opened for the first time offline must be
 * there too). The id changes with any file of the build, so each deployment is a new worker that the
 * open app offers to load ("a new version is available"). docs/decisions/installable-app-and-push.md
 */
function serviceWorker(): Plugin {
  return {
    name: 'wacrm-service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const names = Object.keys(bundle).sort();
      const hash = createHash('sha256');
      for (const name of names) {
        const file = bundle[name];
        hash.update(name);
        hash.update(file.type === 'chunk' ? file.code : file.source);
      }
      const shell = [
        '/',
        ...PUBLIC_SHELL_FILES,
        ...names.filter((name) => /^assets\/.+\.(js|css)$/.test(name)).map((name) => `/${name}`),
      ];
      const template = readFileSync(path.join(import.meta.dirname, 'service-worker/sw.js'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template
          .replace("'__BUILD_ID__'", JSON.stringify(hash.digest('hex').slice(0, 16)))
          .replace('__SHELL_FILES__', JSON.stringify(shell)),
      });
    },
  };
}

// The dev server forwards API, realtime and media paths to the Node server so the app
// runs same-origin in development exactly as it does when the server serves dist/.
const serverUrl = process.env.WACRM_SERVER_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), serviceWorker()],
  server: {
    proxy: {
      '/api': { target: serverUrl, changeOrigin: true },
      '/socket.io': { target: serverUrl, changeOrigin: true, ws: true },
      '/public': { target: serverUrl, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // A feature's index.ts only re-exports (check-boundaries holds it to that). Told so, the
        // bundler links each import to the file that defines it, and a chunk that uses one hook of
        // a feature does not take in the feature's other public files (and their Material) too.
        moduleSideEffects: [{ test: /\/src\/features\/[^/]+\/index\.ts$/, sideEffects: false }],
      },
    },
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards API, realtime and media paths to the Node server so the app
// runs same-origin in development exactly as it does when the server serves dist/.
const serverUrl = process.env.WACRM_SERVER_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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

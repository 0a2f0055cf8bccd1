import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The built app is served by the backend on one port; `vite` (dev) proxies the API and the socket to it.
const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // `@/x` is web/src/x (also in tsconfig.json and jest.config.js), so no import climbs ../../../.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
  server: {
    proxy: {
      '/rest': backend,
      '/healthz': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
});

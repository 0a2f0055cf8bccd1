import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The built app is served by the backend on one port; `vite` (dev) proxies the API and the socket to it.
const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
  server: {
    proxy: {
      '/rest': backend,
      '/healthz': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
});

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Where `/api` goes in `vite` / `vite preview`: the gateway (or the all-in-one runner). */
const apiTarget = process.env.DINEBUDS_API_URL ?? 'http://localhost:3000';

// The contracts library is consumed from source, so the browser bundle and the services share
// one copy of the spec's constants without a build step in between.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@dinebuds/contracts': fromHere('../libs/contracts/src/index.ts'),
      '@': fromHere('./src'),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/vite-precompress.ts';
import { zodWithoutEval } from '../../scripts/vite-zod-without-eval.ts';

const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  // Brotli and gzip copies beside each asset, served by Accept-Encoding (platform/http/spa.ts).
  // zodWithoutEval: the CSP allows no eval, not even zod's probe for it.
  plugins: [react(), zodWithoutEval(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Keep every asset a file: nothing inlined as data: URLs, which a strict CSP may refuse.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/ws': { target: API_TARGET, ws: true },
      '/healthz': { target: API_TARGET },
      '/metrics': { target: API_TARGET },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET },
      '/ws': { target: API_TARGET, ws: true },
    },
  },
});

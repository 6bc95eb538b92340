import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/vite-precompress.ts';
import { zodWithoutEval } from '../../scripts/vite-zod-without-eval.ts';

const API_TARGET = 'http://127.0.0.1:3000';

// The console is served by the API process under /admin (ADMIN_DIST_DIR), beside the player site.
export default defineConfig({
  base: '/admin/',
  // Brotli and gzip copies beside each asset, served by Accept-Encoding (platform/http/spa.ts).
  // zodWithoutEval: the CSP allows no eval, not even zod's probe for it.
  plugins: [react(), zodWithoutEval(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every asset a file: nothing inlined as data: URLs, which a strict CSP may refuse.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
});

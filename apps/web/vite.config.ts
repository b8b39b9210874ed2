import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { mantineVariables } from './vite/mantine-css-variables.ts';
import { precompress } from './vite/precompress.ts';

export default defineConfig({
  plugins: [react(), mantineVariables(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    // Images as files, not data: URIs, so the CSP needs no `data:` source.
    assetsInlineLimit: 0,
    target: 'es2022',
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['test/**/*.test.ts?(x)'],
    setupFiles: ['test/setup.ts'],
    css: false,
    testTimeout: 20_000,
  },
});

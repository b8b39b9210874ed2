import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { CHUNK_GROUPS, FIRST_SCREEN_CHUNKS } from './vite/chunks.ts';
import { compileHints } from './vite/compileHints.ts';
import { mantineVariables } from './vite/mantine-css-variables.ts';
import { precompress } from './vite/precompress.ts';

/**
 * `vite` and `vite preview`: a page asked for at /pagar or under it (`/pagar?pago=…`, `/pagar/x`) is
 * the portal's, as apps/api/src/web.ts answers it; Vite alone would give it the back office's.
 */
function portalPage(): Plugin {
  const rewrite = (request: IncomingMessage, _response: ServerResponse, next: () => void) => {
    const [pathname = '', query] = (request.url ?? '').split(/\?(.*)/s);
    if (/^\/pagar(\/[^.]*)?$/.test(pathname) && request.headers.accept?.includes('text/html'))
      request.url = `/pagar/index.html${query ? `?${query}` : ''}`;
    next();
  };
  return {
    name: 'cobranzas:portal-page',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

export default defineConfig({
  // The debtor's portal (pagar/, Preact: each of its files says `@jsxImportSource preact`) is none
  // of React's business: no Fast Refresh wrapping there.
  plugins: [
    react({ exclude: [/\/node_modules\//, /\/pagar\//] }),
    mantineVariables(),
    compileHints(FIRST_SCREEN_CHUNKS),
    precompress(),
    portalPage(),
  ],
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
    // Two pages (Vite's multi-page app): the back office, and the debtor's portal at /pagar, its own
    // small entry (DESIGN.md §11.3); they share only the portal's constants and Vite's preload polyfill.
    rolldownOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        pagar: resolve(import.meta.dirname, 'pagar/index.html'),
      },
      // Few, larger chunks (vite/chunks.ts); each module still runs when first imported, not when
      // its chunk loads, so a screen does not run every module a shared chunk holds.
      output: { codeSplitting: { groups: CHUNK_GROUPS }, strictExecutionOrder: true },
    },
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

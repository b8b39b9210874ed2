import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of the web app and the API: everything from our own origin only.
 * One place to adjust (e.g. style-src if the UI kit needs inline styles).
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export const cspHeader = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/** Swagger UI sets inline styles from its own scripts; only its pages get this relaxation. */
export const DOCS_CSP = cspHeader({ ...CSP_DIRECTIVES, 'style-src': ["'self'", "'unsafe-inline'"] });

/**
 * Helmet's header set, computed once. @fastify/helmet rebuilt helmet (and re-parsed the CSP) on every
 * request, ≈ 5 % of a request's CPU (docs/performance.md); the headers never vary, so they are set
 * from this record in one call. The Swagger UI pages replace the CSP with DOCS_CSP on their own.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet({
    // Only our directives: helmet's defaults would add upgrade-insecure-requests, which breaks plain http.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // Cross-origin isolation headers are not needed by a same-origin app; keep the rest of helmet's set.
    crossOriginEmbedderPolicy: false,
    // Same answer as frame-ancestors 'none' for browsers that only read X-Frame-Options.
    frameguard: { action: 'deny' },
    // Only over HTTPS (below): HSTS on a plain-http answer would pin a browser to https that may not exist.
    strictTransportSecurity: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
})();

/** helmet's value, sent only on answers to requests that came over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's headers on every answer; on every /api answer `Cache-Control: no-store` (personal data
 * and tokens must not sit in a browser's or a proxy's cache; a route may still set its own); HSTS
 * only when the request came over HTTPS — behind TRUST_PROXY, as the proxy's X-Forwarded-Proto says.
 */
export function registerSecurity(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export function registerSecurity(app: FastifyInstance) {
  return app.register(helmet, {
    // Only our directives: helmet's defaults would add upgrade-insecure-requests, which breaks plain http.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // Cross-origin isolation headers are not needed by a same-origin app; keep the rest of helmet's set.
    crossOriginEmbedderPolicy: false,
    // Same answer as frame-ancestors 'none' for browsers that only read X-Frame-Options.
    frameguard: { action: 'deny' },
  });
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import { type ErrorResponse, MESSAGES } from '@cobranzas/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const WEB_NOT_BUILT =
  'La aplicación web no está compilada. Ejecute "npm run build" y vuelva a iniciar el servidor.';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** The debtor's portal (DESIGN.md §11.3): its own page, built apart from the back office's. */
export const PORTAL_PAGE = 'pagar/index.html';
const isPortal = (url: string) => /^\/pagar(?:[/?#]|$)/.test(url);

/**
 * Serves the built SPA from `webDist`, brotli or gzip when the browser takes them. Vite's hashed
 * files under /assets are cached for a year; everything else (index.html above all) is revalidated
 * so a new build shows up at once. GET /pagar and
 * /pagar/… get the debtor's portal page (pagar/index.html); any other GET outside /api gets
 * index.html, so the client router handles deep links like /users/list.
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const built = existsSync(path.join(webDist, 'index.html'));
  const portalBuilt = existsSync(path.join(webDist, PORTAL_PAGE));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // The build writes .br and .gz copies of every text file (apps/web/vite/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = path.relative(webDist, filePath).startsWith(`assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const fallback = (request: FastifyRequest, reply: FastifyReply) => {
    if (isApi(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: MESSAGES.routeNotFound } satisfies ErrorResponse);
    }
    if (!built) return reply.code(200).type('text/plain; charset=utf-8').send(WEB_NOT_BUILT);
    // /pagar and anything under it (its query string too: `?pago=` back from the gateway) is the portal.
    const page = portalBuilt && isPortal(request.url) ? PORTAL_PAGE : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  };
  app.setNotFoundHandler(fallback);
}

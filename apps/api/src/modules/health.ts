import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['up', 'down']),
  version: z.string(),
  node: z.string().meta({ description: 'Versión de Node.js en ejecución, p. ej. «v24.21.0»' }),
  uptime: z.number(),
});

export function healthModule(app: FastifyInstance, db: Db, version: string) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servicio',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      const up = await db.execute(sql`SELECT 1`).then(
        () => true,
        (error: unknown) => {
          request.log.error({ err: error }, 'la base de datos no responde');
          return false;
        },
      );
      return reply.code(up ? 200 : 503).send({
        status: up ? 'ok' : 'error',
        db: up ? 'up' : 'down',
        version,
        node: process.version,
        uptime: Math.round(process.uptime()),
      });
    },
  );
}

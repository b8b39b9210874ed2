import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { DOCS_PREFIX } from './auth/guard';
import { DOCS_CSP } from './security';

/** OpenAPI built from the routes' zod schemas, with Swagger UI at /api/docs. */
export async function registerDocs(app: FastifyInstance, version: string) {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Cobranzas API', description: 'API del back office de cobranzas.', version },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: DOCS_CSP });
}

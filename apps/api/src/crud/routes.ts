import type { EventEmitter } from 'node:events';
import { type ApiResource, errorResponseSchema, idParamsSchema, listResponseSchema } from '@cobranzas/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { type CrudService, crudService } from './service';
import type { CrudOptions, Row } from './types';

export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** The docs fields every protected route shares: its tag and the Bearer requirement. */
export const docsFor = (label: string) => ({ tags: [label], security: [{ bearerAuth: [] }] });

/** Keys the client really sent: zod fills defaults that a PATCH must not write, and `order`. */
const sentKeys = new WeakMap<FastifyRequest, Set<string>>();
export async function rememberSentKeys(request: FastifyRequest, source: 'body' | 'query') {
  const value = request[source];
  sentKeys.set(request, new Set(value && typeof value === 'object' ? Object.keys(value) : []));
}
export const wasSent = (request: FastifyRequest, key: string) => sentKeys.get(request)?.has(key) ?? false;

/** Only the fields the client sent, from the parsed (trimmed, normalized) body. */
export function sentFields(request: FastifyRequest, body: Row): Row {
  return Object.fromEntries(Object.entries(body).filter(([key]) => wasSent(request, key)));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Emits `committed` with the resource's name after each committed create, update or delete. */
    writes: EventEmitter<{ committed: [ApiResource] }>;
  }
}

/** The options with an afterCommit that first tells `app.writes` (e.g. the user-state cache). */
function announcingCommits(app: FastifyInstance, options: CrudOptions): CrudOptions {
  const hooks = options.hooks ?? {};
  return {
    ...options,
    hooks: {
      ...hooks,
      async afterCommit(change) {
        app.writes.emit('committed', options.resource);
        await hooks.afterCommit?.(change);
      },
    },
  };
}

/**
 * Registers list/read/create/update/delete for one resource with the conventions of DESIGN.md §7
 * and returns its service for extra calls. Resources differ only in their options.
 */
export function crudModule(app: FastifyInstance, db: Db, options: CrudOptions): CrudService {
  const service = crudService(db, announcingCommits(app, options));
  const { schemas } = options;
  const operations = new Set(options.operations ?? ['list', 'read', 'create', 'update', 'delete']);
  const base = `/api/${options.resource}`;
  const docs = docsFor(options.label);
  const api = app.withTypeProvider<ZodTypeProvider>();

  if (operations.has('list')) {
    api.get(
      base,
      {
        schema: {
          ...docs,
          summary: `Listar ${options.label}`,
          querystring: schemas.listQuery,
          response: { 200: listResponseSchema(schemas.item), ...errorResponses },
        },
        preValidation: (request) => rememberSentKeys(request, 'query'),
      },
      (request) => service.list(request.query, request.user, undefined, wasSent(request, 'order')),
    );
  }

  if (operations.has('read')) {
    api.get(
      `${base}/:id`,
      {
        schema: {
          ...docs,
          summary: `Ver ${options.label}`,
          params: idParamsSchema,
          response: { 200: schemas.item, ...errorResponses },
        },
      },
      (request) => service.read(request.params.id, request.user),
    );
  }

  if (operations.has('create') && schemas.create) {
    api.post(
      base,
      {
        schema: {
          ...docs,
          summary: `Crear ${options.label}`,
          body: schemas.create,
          response: { 201: schemas.item, ...errorResponses },
        },
      },
      async (request, reply) => reply.code(201).send(await service.create(request.body, request.user)),
    );
  }

  if (operations.has('update') && schemas.update) {
    api.patch(
      `${base}/:id`,
      {
        schema: {
          ...docs,
          summary: `Modificar ${options.label}`,
          params: idParamsSchema,
          body: schemas.update,
          response: { 200: schemas.item, ...errorResponses },
        },
        preValidation: (request) => rememberSentKeys(request, 'body'),
      },
      (request) => service.update(request.params.id, sentFields(request, request.body), request.user),
    );
  }

  if (operations.has('delete')) {
    api.delete(
      `${base}/:id`,
      {
        schema: {
          ...docs,
          summary: `Eliminar ${options.label}`,
          params: idParamsSchema,
          response: { 204: z.null().describe('Eliminado'), ...errorResponses },
        },
      },
      async (request, reply) => {
        await service.remove(request.params.id, request.user);
        return reply.code(204).send(null);
      },
    );
  }

  return service;
}

import type { EventEmitter } from 'node:events';
import {
  type ApiResource,
  type CreateOf,
  errorResponseSchema,
  idParamsSchema,
  type ListQueryOf,
  listResponseSchema,
  type ResourceDefinition,
  type UpdateOf,
  visibleTo,
} from '@cobranzas/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { type CrudService, crudService } from './service';
import type { CrudOptions, CrudTable, Row } from './types';

export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** An upload's answers besides the route's own: too large, not a kind it takes, the readers busy. */
export const uploadErrorResponses = {
  ...errorResponses,
  413: errorResponseSchema,
  415: errorResponseSchema,
  503: errorResponseSchema,
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
export function sentFields(request: FastifyRequest, body: unknown): Row {
  return Object.fromEntries(Object.entries(body ?? {}).filter(([key]) => wasSent(request, key)));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Emits `committed` with the resource's name after each committed create, update or delete. */
    writes: EventEmitter<{ committed: [ApiResource] }>;
  }
}

/** The options with an afterCommit that first tells `app.writes` (e.g. the user-state cache). */
function announcingCommits<D extends ResourceDefinition, T extends CrudTable>(
  app: FastifyInstance,
  options: CrudOptions<D, T>,
): CrudOptions<D, T> {
  const hooks = options.hooks ?? {};
  return {
    ...options,
    hooks: {
      ...hooks,
      async afterCommit(change) {
        app.writes.emit('committed', options.definition.path);
        await hooks.afterCommit?.(change);
      },
    },
  };
}

/**
 * Registers list/read/create/update/delete for one resource with the conventions of DESIGN.md §7
 * and returns its service for extra calls. Resources differ only in their options.
 */
export function crudModule<D extends ResourceDefinition, T extends CrudTable>(
  app: FastifyInstance,
  db: Db,
  options: CrudOptions<D, T>,
): CrudService<D, T> {
  const { definition } = options;
  // A list that says it takes `q` searches something, and one that searches says so (issue 30).
  if (definition.searchable !== Boolean(options.search?.length || options.indexedSearch))
    throw new Error(
      `${definition.path}: searchable (${definition.searchable}) no coincide con las columnas de búsqueda del módulo.`,
    );
  const service = crudService(db, announcingCommits(app, options));
  const operations = new Set(definition.operations);
  const base = `/api/${definition.path}`;
  const label = definition.label;
  const docs = docsFor(label);
  const api = app.withTypeProvider<ZodTypeProvider>();

  if (operations.has('list')) {
    api.get(
      base,
      {
        schema: {
          ...docs,
          summary: `Listar ${label}`,
          querystring: definition.listQuery,
          response: { 200: listResponseSchema(definition.item), ...errorResponses },
        },
        preValidation: (request) => rememberSentKeys(request, 'query'),
      },
      // The route's schema is the definition's list query: what it parsed is that query.
      async (request) => {
        const page = await service.list(
          request.query as ListQueryOf<D>,
          request.user,
          undefined,
          wasSent(request, 'order'),
        );
        return { ...page, data: page.data.map((row) => visibleTo(definition, request.user.type, row)) };
      },
    );
  }

  if (operations.has('read')) {
    api.get(
      `${base}/:id`,
      {
        schema: {
          ...docs,
          summary: `Ver ${label}`,
          params: idParamsSchema,
          response: { 200: definition.item, ...errorResponses },
        },
      },
      async (request) =>
        visibleTo(definition, request.user.type, await service.read<Row>(request.params.id, request.user)),
    );
  }

  const create = definition.create;
  if (operations.has('create') && create) {
    api.post(
      base,
      {
        schema: {
          ...docs,
          summary: `Crear ${label}`,
          body: create,
          response: { 201: definition.item, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(request.body as CreateOf<D>, request.user)),
    );
  }

  const update = definition.update;
  if (operations.has('update') && update) {
    api.patch(
      `${base}/:id`,
      {
        schema: {
          ...docs,
          summary: `Modificar ${label}`,
          params: idParamsSchema,
          body: update,
          response: { 200: definition.item, ...errorResponses },
        },
        preValidation: (request) => rememberSentKeys(request, 'body'),
      },
      (request) =>
        service.update(request.params.id, sentFields(request, request.body) as UpdateOf<D>, request.user),
    );
  }

  if (operations.has('delete')) {
    api.delete(
      `${base}/:id`,
      {
        schema: {
          ...docs,
          summary: `Eliminar ${label}`,
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

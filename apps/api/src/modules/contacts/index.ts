import {
  contactContextQuerySchema,
  contactContextSchema,
  contactCreateSchema,
  contactResultSchema,
  defineAbilityFor,
  MESSAGES,
  type TokenPayload,
} from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { docsFor, errorResponses } from '../../crud';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../errors';
import { contactFacts, suggestedEventType } from './facts';
import { type ContactServices, logContact } from './log';

/**
 * Who may log a contact: who may create an event (add Debts; a CLIENTE never, 403), and add tasks
 * when the contact schedules one. A GENERAL works any debt, as with events and promises (DESIGN.md
 * §6 scopes only the CLIENTE). `contacts` is not a resource of RESOURCE_SUBJECTS (it has no list,
 * read, update or delete), so the routes check it here.
 */
function assertMayLog(user: TokenPayload, withTask = false) {
  const ability = defineAbilityFor({ type: user.type });
  if (user.type === 'CLIENTE' || !ability.can('add', 'Debts') || (withTask && !ability.can('add', 'tasks')))
    throw new HttpError(403, MESSAGES.forbidden);
}

/**
 * One-step contact logging (issue 18, docs/decisions.md «Reglas de contacto»):
 * POST /api/contacts records a contact with its rules, optionally a promise and the next task, in one
 * transaction; GET /api/contacts/context?debtId= tells the dialog the debtor's channels, the contact
 * hours that apply and the attempts so far.
 */
export function contactsModule(app: FastifyInstance, db: Db, services: ContactServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const docs = docsFor('gestiones');

  api.post(
    '/api/contacts',
    {
      config: { access: 'authenticated' },
      schema: {
        ...docs,
        summary:
          'Registrar una gestión en un paso: el contacto, y opcionalmente una promesa y la próxima tarea (una transacción)',
        body: contactCreateSchema,
        response: { 201: contactResultSchema, ...errorResponses },
      },
      onRequest: async (request) => assertMayLog(request.user),
    },
    async (request, reply) => {
      assertMayLog(request.user, request.body.task !== null);
      return reply.code(201).send(await logContact(db, services, request.body, request.user));
    },
  );

  api.get(
    '/api/contacts/context',
    {
      config: { access: 'authenticated' },
      schema: {
        ...docs,
        summary: 'Lo que el diálogo de gestión necesita de una deuda: canales del deudor, horario e intentos',
        querystring: contactContextQuerySchema,
        response: { 200: contactContextSchema, ...errorResponses },
      },
      onRequest: async (request) => assertMayLog(request.user),
    },
    async (request) => {
      // Staff only (assertMayLog): no company scope applies.
      const facts = await contactFacts(db, request.query.debtId, new Date());
      if (!facts) throw notFound();
      return { ...facts, suggestedEventTypeId: await suggestedEventType(db, request.user.sub) };
    },
  );
}

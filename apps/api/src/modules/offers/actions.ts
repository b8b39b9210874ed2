import {
  idParamsSchema,
  MESSAGES,
  OFFER_MESSAGES,
  type Offer,
  type OfferStatus,
  offerNoteSchema,
  offerSchema,
  offerStatusWord,
  type TokenPayload,
} from '@cobranzas/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { docsFor, type Executor, errorResponses } from '../../crud';
import type { Db } from '../../db/client';
import type { offers } from '../../db/schema';
import { conflict, HttpError } from '../../errors';
import { acceptOffer } from './accept';
import type { OffersService } from './index';
import { updateOffer } from './update';

type OfferRow = typeof offers.$inferSelect;

/**
 * Before the body is validated: 403 unless an ADMIN (only an ADMIN decides an offer beyond the
 * limits, DESIGN.md §10.6) when `adminOnly`; then no body at all (Fastify's null) is {}.
 */
const before =
  ({ adminOnly }: { adminOnly: boolean }) =>
  async (request: FastifyRequest) => {
    if (adminOnly && request.user.type !== 'ADMIN') throw new HttpError(403, MESSAGES.forbidden);
    request.body ??= {};
  };

/** The 409 of an action on an offer whose status does not allow it. */
const refuse = (message: (status: string) => string, status: OfferStatus) =>
  conflict(message(offerStatusWord(status)));

/**
 * POST /api/offers/{id}/approve|reject (ADMIN, a PENDIENTE offer), /accept (an APROBADA one: the plan
 * and the reduction, accept.ts) and /cancel (PENDIENTE or APROBADA). Each locks the debt, then the
 * offer (the lock order of docs/decisions.md), so two at once on one offer queue up: the first wins,
 * the second sees its status and gets 409. Every change leaves its audit row.
 */
export function offerActionRoutes(app: FastifyInstance, db: Db, service: OffersService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const docs = docsFor('ofertas de quita');
  const answer = { 200: offerSchema, ...errorResponses };

  /** Runs `change` on the locked offer in one transaction, then answers the offer as read. */
  const act = async (
    id: number,
    user: TokenPayload,
    change: (tx: Executor, offer: OfferRow) => Promise<unknown>,
  ): Promise<Offer> => {
    await db
      .transaction(async (tx) => change(tx, await service.lockChild(tx, id, user)))
      .catch((error: unknown) => {
        throw service.writeError(error);
      });
    return service.read(id, user);
  };

  api.post(
    '/api/offers/:id/approve',
    {
      schema: {
        ...docs,
        summary: 'Aprobar una oferta fuera de los límites (ADMIN)',
        params: idParamsSchema,
        response: answer,
      },
      preValidation: before({ adminOnly: true }),
    },
    (request) => {
      return act(request.params.id, request.user, async (tx, offer) => {
        if (offer.status !== 'PENDIENTE') throw refuse(OFFER_MESSAGES.notPending, offer.status);
        await updateOffer(tx, request.user, offer, {
          status: 'APROBADA',
          decidedBy: request.user.sub,
          decidedAt: new Date(),
        });
      });
    },
  );

  api.post(
    '/api/offers/:id/reject',
    {
      schema: {
        ...docs,
        summary: 'Rechazar una oferta fuera de los límites (ADMIN)',
        params: idParamsSchema,
        body: offerNoteSchema,
        response: answer,
      },
      preValidation: before({ adminOnly: true }),
    },
    (request) => {
      return act(request.params.id, request.user, async (tx, offer) => {
        if (offer.status !== 'PENDIENTE') throw refuse(OFFER_MESSAGES.notPending, offer.status);
        await updateOffer(tx, request.user, offer, {
          status: 'RECHAZADA',
          decidedBy: request.user.sub,
          decidedAt: new Date(),
          decisionNote: request.body.note,
        });
      });
    },
  );

  api.post(
    '/api/offers/:id/accept',
    {
      schema: {
        ...docs,
        summary: 'El deudor aceptó la oferta: crear su plan de pagos y registrar la quita',
        params: idParamsSchema,
        response: answer,
      },
    },
    (request) => act(request.params.id, request.user, (tx, offer) => acceptOffer(tx, request.user, offer)),
  );

  api.post(
    '/api/offers/:id/cancel',
    {
      schema: {
        ...docs,
        summary: 'Anular una oferta pendiente o aprobada',
        params: idParamsSchema,
        body: offerNoteSchema,
        response: answer,
      },
      preValidation: before({ adminOnly: false }),
    },
    (request) =>
      act(request.params.id, request.user, async (tx, offer) => {
        if (offer.status !== 'PENDIENTE' && offer.status !== 'APROBADA')
          throw refuse(OFFER_MESSAGES.notOpen, offer.status);
        const now = new Date();
        await updateOffer(tx, request.user, offer, {
          status: 'ANULADA',
          cancelledBy: request.user.sub,
          cancelledAt: now,
          cancelReason: request.body.note,
        });
      }),
  );
}

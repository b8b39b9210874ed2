import {
  compareMoney,
  discountOf,
  effectiveDownPayment,
  formatMoney,
  MESSAGES,
  OFFER_MESSAGES,
  type OfferStatus,
  offerLimitReasons,
  offersResource,
} from '@cobranzas/shared';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { type CrudService, crudModule, equals } from '../../crud';
import type { Db } from '../../db/client';
import { companies, debtors, debts, offers, users } from '../../db/schema';
import { conflict } from '../../errors';
import { assertDebtOpen } from '../debts/books';
import { heldDebt, lockDebts } from '../debts/lock';
import { viaDebt } from '../scope';
import { offerActionRoutes } from './actions';
import { companyLimits, hasUnpaidQuotas, offerBalance, offerTermsRoute } from './terms';

const deciders = alias(users, 'deciders');

/**
 * Settlement offers (quitas, DESIGN.md §10.3, issue 18): GET /api/offers (CLIENTE: its company's),
 * GET /api/offers/{id}, POST /api/offers (staff), GET /api/offers/terms, and the actions approve,
 * reject (ADMIN), accept and cancel (actions.ts). Never edited or deleted: its history stays.
 */
export function offersModule(app: FastifyInstance, db: Db) {
  const service = crudModule(app, db, {
    definition: offersResource,
    table: offers,
    columns: {
      ...getTableColumns(offers),
      userName: users.name,
      decidedByName: deciders.name,
      debtReference: debts.reference,
      debtorName: sql<string | null>`${debtors.lastName} || ', ' || ${debtors.firstName}`,
      companyId: debts.companyId,
      companyName: companies.name,
      currency: sql<string | null>`${debts.currency}::text`,
      acceptedInPortal: sql<boolean>`EXISTS (SELECT 1 FROM offer_acceptances a WHERE a.offer_id = ${offers.id})`,
    },
    joins: [
      { table: users, on: eq(offers.userId, users.id) },
      { table: deciders, on: eq(offers.decidedBy, deciders.id) },
      { table: debts, on: eq(offers.debtId, debts.id) },
      { table: debtors, on: eq(debts.debtorId, debtors.id) },
      { table: companies, on: eq(debts.companyId, companies.id) },
    ],
    sortable: { createdAt: offers.createdAt, id: offers.id, amount: offers.amount },
    defaultSort: { column: offers.createdAt, order: 'desc' },
    search: [offers.notes],
    filters: {
      debtId: equals(offers.debtId),
      userId: equals(offers.userId),
      companyId: equals(debts.companyId),
      status: equals(offers.status),
    },
    scope: viaDebt(offers.debtId),
    parent: { column: offers.debtId, lock: lockDebts },
    references: { debtId: MESSAGES.debtNotFound },
    hooks: {
      /**
       * The balance is the API's: the debt's balance to date now (locked: no payment slips in
       * between). Within the company's limits the offer is APROBADA at once; beyond, PENDIENTE with
       * the reasons, until an ADMIN decides.
       */
      async beforeCreate(input, { db, user }) {
        const locked = heldDebt(db, input.debtId);
        const debt = locked.row;
        assertDebtOpen(debt);
        if (await hasUnpaidQuotas(db, debt.id)) throw conflict(OFFER_MESSAGES.debtHasPlan);
        const balance = await offerBalance(db, debt.id, debt.balance);
        if (compareMoney(balance, '0') <= 0) throw conflict(MESSAGES.noBalance);
        if (compareMoney(input.amount, balance) > 0)
          throw conflict(OFFER_MESSAGES.amountOverBalance(formatMoney(balance, debt.currency)));
        const downPayment = effectiveDownPayment(input);
        const terms = { balance, amount: input.amount, quotas: input.quotas, downPayment };
        const reasons = offerLimitReasons(terms, await companyLimits(db, debt.companyId), debt.currency);
        const status: OfferStatus = reasons.length ? 'PENDIENTE' : 'APROBADA';
        return {
          ...input,
          ...discountOf(balance, input.amount),
          balance,
          downPayment,
          userId: user.sub,
          status,
          reasons,
          decidedAt: reasons.length ? null : new Date(),
        };
      },
    },
  });
  offerTermsRoute(app, db);
  offerActionRoutes(app, db, service);
}

export type OffersService = CrudService<typeof offersResource, typeof offers>;

import {
  agencyToday,
  compareMoney,
  formatMoney,
  MESSAGES,
  monthlyDueDates,
  paymentPlanResultSchema,
  paymentPlanSchema,
  type Quota,
  splitMoney,
  toCents,
} from '@cobranzas/shared';
import { and, asc, eq, inArray, max, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { docsFor, errorResponses, toJson, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { quotas } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { owedToDate } from '../debts/balance';
import { assertDebtOpen, keepBooks, writeStatusChange } from '../debts/books';
import { lockDebt } from '../scope';
import type { QuotasService } from './service';

/**
 * POST /api/quotas/plan: N monthly installments for a debt in one transaction. The total (the
 * debt's balance to date unless given) is split exactly to the cent; due dates run monthly from the first,
 * clamped to month end. A closed debt, a debt with unpaid installments and a total above the balance
 * are refused (409); the debt becomes EN_CONVENIO with a "Cambio de estado" Gestión.
 */
export function paymentPlanRoute(app: FastifyInstance, db: Db, service: QuotasService) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/quotas/plan',
    {
      schema: {
        ...docsFor('cuotas'),
        summary: 'Crear un plan de pagos (cuotas mensuales)',
        body: paymentPlanSchema,
        response: { 201: paymentPlanResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { debtId, installments, firstDueDate } = request.body;
      const { user } = request;
      const result = await db
        .transaction(async (tx) => {
          // The debt's lock queues concurrent plans: the second sees the first's quotas and gets 409.
          const locked = await lockDebt(tx, debtId, user);
          const debt = locked.row;
          assertDebtOpen(debt);
          const [unpaid] = await tx
            .select({ id: quotas.id })
            .from(quotas)
            .where(and(eq(quotas.debtId, debtId), ne(quotas.status, 'PAGADA')))
            .limit(1);
          if (unpaid) throw conflict(MESSAGES.unpaidQuotasExist);
          // What it owes: its balance to date once it carries rates (the plan stops their interest).
          const owed = await owedToDate(tx, debtId, { stopInterestOn: agencyToday() });
          const limit = owed ? owed.balance.total : debt.balance;
          const total = request.body.total ?? limit;
          if (compareMoney(total, '0') <= 0) throw conflict(MESSAGES.noBalance);
          if (compareMoney(total, limit) > 0)
            throw conflict(MESSAGES.planExceedsBalance(formatMoney(limit, debt.currency)));
          if (toCents(total) < BigInt(installments)) throw badRequest('installments', MESSAGES.planTooSmall);

          const [last] = await tx
            .select({ n: max(quotas.number) })
            .from(quotas)
            .where(eq(quotas.debtId, debtId));
          const first = (last?.n ?? 0) + 1;
          const amounts = splitMoney(total, installments);
          const dates = monthlyDueDates(firstDueDate, installments);
          const rows = await tx
            .insert(quotas)
            .values(
              amounts.flatMap((amount, i) => {
                const dueDate = dates[i];
                return dueDate === undefined ? [] : [{ debtId, number: first + i, amount, dueDate }];
              }),
            )
            .returning();
          for (const row of rows)
            await writeAudit(tx, user, {
              action: 'create',
              resource: 'quotas',
              recordId: row.id,
              before: null,
              after: row,
            });

          // An open debt is ACTIVA or EN_CONVENIO: the plan makes it EN_CONVENIO, with its Gestión.
          if (debt.status !== 'EN_CONVENIO')
            await writeStatusChange(
              tx,
              user,
              debt,
              'EN_CONVENIO',
              MESSAGES.planAgreed(installments, formatMoney(total, debt.currency)),
            );
          await keepBooks(tx, user, locked);
          return { total, ids: rows.map((row) => row.id) };
        })
        .catch((error: unknown) => {
          throw service.writeError(error);
        });
      const created = await readQuotas(db, result.ids);
      return reply.code(201).send({ debtId, total: result.total, quotas: created });
    },
  );
}

async function readQuotas(db: Db, ids: number[]) {
  const rows = await db.select().from(quotas).where(inArray(quotas.id, ids)).orderBy(asc(quotas.number));
  return rows.map((row) => toJson<Quota>(row));
}

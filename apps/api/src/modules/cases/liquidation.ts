import { agencyToday, caseLiquidationCall } from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { routeCall } from '../../crud';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { cases, companies, debtors, debts, jurisdictions } from '../../db/schema';
import { notFound } from '../../errors';
import { loadAgency } from '../../pdf/letterhead';
import { type LiquidationLine, liquidationDocument, liquidationTotals } from '../../pdf/liquidation';
import { renderPdf } from '../../pdf/render';
import { assertDateWithinDebt, owedOf, readOwed } from '../debts/balance';
import { viaDebt } from '../scope';

/**
 * GET /api/cases/{id}/liquidation?date= (issue 37): the liquidation sheet as a PDF, every figure the
 * one amount owed's on the date (default today; a later date projects the interest, as the balance
 * call does). A CLIENTE prints its company's.
 */
export function liquidationRoute(app: FastifyInstance, db: Db) {
  routeCall(app, caseLiquidationCall, {}, async (request, reply) => {
    const [kase] = await db
      .select({
        debtId: cases.debtId,
        caption: cases.caption,
        number: cases.number,
        court: cases.court,
        secretary: cases.secretary,
        fuero: cases.fuero,
        jurisdiction: jurisdictions.name,
        debtor: sql<string>`${debtors.lastName} || ', ' || ${debtors.firstName}`,
        dni: debtors.dni,
        company: companies.name,
        defaultDate: debts.defaultDate,
      })
      .from(cases)
      .innerJoin(debts, eq(debts.id, cases.debtId))
      .innerJoin(debtors, eq(debtors.id, debts.debtorId))
      .innerJoin(companies, eq(companies.id, debts.companyId))
      .leftJoin(jurisdictions, eq(jurisdictions.id, cases.jurisdictionId))
      .where(sql`${cases.id} = ${request.params.id} AND ${viaDebt(cases.debtId)(request.user) ?? sql`true`}`);
    if (!kase) throw notFound();
    const row = await readOwed(db, kase.debtId, request.user);
    if (!row) throw notFound();
    const date = request.query.date ?? agencyToday();
    assertDateWithinDebt(row, date);
    const { plan: _plan, ...owed } = owedOf(row, date);
    const lines = rowsOf<LiquidationLine>(
      await db.execute(sql`SELECT l.date::text AS date, l.kind::text AS kind, l.amount::text AS amount, l.description,
          l.plan_interest AS "planInterest"
        FROM ledger_live l WHERE l.debt_id = ${kase.debtId} AND l.kind IN ('PAYMENT', 'DEPOSIT', 'SERVICE', 'MORA')
          AND l.date <= ${date}::date ORDER BY l.date, l.id`),
    );
    const balance = { ...owed, plan: null };
    const totals = liquidationTotals(row.original_amount, balance, lines);
    const pdf = await renderPdf(
      liquidationDocument(await loadAgency(db), { ...kase, date, owed: balance, lines, totals }),
    );
    const name = `liquidacion-${(kase.number ?? `deuda-${kase.debtId}`).replace(/[^A-Za-z0-9]+/g, '-')}-${date}.pdf`;
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', pdf.length)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}

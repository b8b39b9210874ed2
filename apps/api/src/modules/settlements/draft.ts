import {
  type CreateOf,
  DEBT_TYPE_IDS,
  SETTLEMENT_MESSAGES,
  type SettlementGroup,
  type settlementsResource,
  settlementTotals,
  stageCommissionRate,
  type TokenPayload,
  VAT_RATES,
} from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import { type Executor, writeAudit } from '../../crud';
import { rowsOf } from '../../db/bulk';
import { agencySettings, companies, settlements } from '../../db/schema';
import { badRequest, conflict } from '../../errors';

type DraftInput = CreateOf<typeof settlementsResource>;

interface GroupRow extends SettlementGroup {
  items: number;
  from: string;
}

/**
 * POST /api/settlements (DESIGN.md §10.4): in the caller's transaction, a DRAFT over every live payment
 * and deposit (ledger rows) of the company's debts in that currency dated up to `to` and in no CLOSED settlement
 * (money in another draft is taken too: whichever closes first keeps it). Set-based: one INSERT …
 * SELECT copies the lines, one GROUP BY sums them per commission rate, whatever their number.
 * Nothing to settle → 409, and the caller's rollback takes the empty row back. Returns its id.
 */
export async function createDraft(tx: Executor, input: DraftInput, user: TokenPayload): Promise<number> {
  const [company] = await tx
    .select({
      commissionRate: companies.commissionRate,
      commissionRateExtrajudicial: companies.commissionRateExtrajudicial,
      commissionRateJudicial: companies.commissionRateJudicial,
      vatStatus: agencySettings.vatStatus,
    })
    .from(companies)
    .leftJoin(agencySettings, eq(agencySettings.id, 1))
    .where(eq(companies.id, input.companyId));
  if (!company) throw badRequest('companyId', SETTLEMENT_MESSAGES.companyNotFound);
  const vatRate = VAT_RATES[company.vatStatus ?? 'RESPONSABLE_INSCRIPTO'];

  // The row first (the lines point to it); its totals once the lines are in.
  const [created] = await tx
    .insert(settlements)
    .values({
      companyId: input.companyId,
      currency: input.currency,
      from: input.to,
      to: input.to,
      items: 0,
      collected: '0',
      direct: '0',
      commissionRate: company.commissionRate,
      commission: '0',
      commissions: [],
      vatRate,
      vat: '0',
      net: '0',
      payable: '0',
      createdBy: user.sub,
    })
    .returning({ id: settlements.id });
  if (!created) throw new Error('insert returned no row');
  const id = created.id;

  // The rate of each stage, as of now: a later change of the company's rates does not move a draft.
  const rate = sql`CASE d.debt_type_id
      WHEN ${DEBT_TYPE_IDS.JUDICIAL}::integer THEN ${stageCommissionRate(company, DEBT_TYPE_IDS.JUDICIAL)}::numeric
      WHEN ${DEBT_TYPE_IDS.EXTRAJUDICIAL}::integer THEN ${stageCommissionRate(company, DEBT_TYPE_IDS.EXTRAJUDICIAL)}::numeric
      ELSE ${company.commissionRate}::numeric END`;
  // The company's debts are read once (MATERIALIZED): at 100 000 debts that heap scan is most of the
  // statement's cost.
  await tx.execute(sql`
    INSERT INTO settlement_lines
      (settlement_id, kind, ledger_id, debt_id, date, amount, debt_type_id, commission_rate, paid_to_client)
    WITH d AS MATERIALIZED (
      SELECT id, debt_type_id FROM debts
      WHERE company_id = ${input.companyId}::integer AND currency = ${input.currency}::currency
    )
    SELECT ${id}::integer, m.kind::text, m.id, m.debt_id, m.date, m.amount, d.debt_type_id, ${rate}, m.paid_to_client
    FROM ledger_live m JOIN d ON d.id = m.debt_id
    WHERE m.kind IN ('PAYMENT', 'DEPOSIT') AND m.date <= ${input.to}::date AND m.settlement_id IS NULL`);

  // Per rate, the company's own (preventive stage) first.
  const groups = rowsOf<GroupRow>(
    await tx.execute(sql`
      SELECT commission_rate::text AS "commissionRate", sum(amount)::text AS collected,
        coalesce(sum(amount) FILTER (WHERE paid_to_client), 0)::text AS direct,
        count(*)::integer AS items, min(date)::text AS "from"
      FROM settlement_lines WHERE settlement_id = ${id}::integer
      GROUP BY commission_rate ORDER BY min(debt_type_id), commission_rate`),
  );
  const items = groups.reduce((sum, group) => sum + Number(group.items), 0);
  if (items === 0) throw conflict(SETTLEMENT_MESSAGES.nothingToSettle);
  const from = groups.map((group) => group.from).reduce((a, b) => (b < a ? b : a));
  const totals = settlementTotals(groups, vatRate);

  const [after] = await tx
    .update(settlements)
    .set({
      from,
      items,
      collected: totals.collected,
      direct: totals.direct,
      commission: totals.commission,
      commissions: totals.commissions,
      vat: totals.vat,
      net: totals.net,
      payable: totals.payable,
    })
    .where(eq(settlements.id, id))
    .returning();
  await writeAudit(tx, user, {
    action: 'create',
    resource: 'settlements',
    recordId: id,
    before: null,
    after: after ?? null,
  });
  return id;
}

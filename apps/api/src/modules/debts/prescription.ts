import {
  type DebtPrescription,
  debtPrescriptionCall,
  type PrescriptionInterruption,
  prescription,
} from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { routeCall } from '../../crud';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { clientCompany } from '../scope';

interface FactsRow {
  start: string | null;
  years: number;
  last_interruption_on: string | null;
  first_demand_on: string | null;
  case_pending: boolean;
  prescribes_on: string | null;
  paid_on: string | null;
  acknowledged_on: string | null;
  filed_on: string | null;
  closed_on: string | null;
}

/** Which fact the last interruption was (a payment first: the most common, and the strongest proof). */
function interruptionKind(row: FactsRow, on: string): PrescriptionInterruption {
  if (row.paid_on === on) return 'PAGO';
  if (row.acknowledged_on === on) return 'RECONOCIMIENTO';
  if (row.closed_on === on) return 'FIN_DEL_JUICIO';
  return 'DEMANDA';
}

/**
 * GET /api/debts/{id}/prescription (issue 37): when the claim prescribes and why, explained by
 * shared/prescription.ts from the facts the triggers keep on the debt — the same rules the stored
 * `prescribes_on` follows (a test checks they agree).
 */
export function prescriptionRoute(app: FastifyInstance, db: Db) {
  routeCall(app, debtPrescriptionCall, {}, async (request): Promise<DebtPrescription> => {
    const company = clientCompany(request.user);
    const [row] = rowsOf<FactsRow>(
      await db.execute(sql`SELECT coalesce(d.default_date, d.origin_date)::text AS start, d.prescription_years AS years,
        d.last_interruption_on::text AS last_interruption_on, d.first_demand_on::text AS first_demand_on,
        d.case_pending, d.prescribes_on::text AS prescribes_on,
        (SELECT max(l.date)::text FROM ledger_live l WHERE l.debt_id = d.id AND l.kind = 'PAYMENT') AS paid_on,
        (SELECT max((e.date AT TIME ZONE 'America/Argentina/Buenos_Aires')::date)::text FROM events e
          WHERE e.debt_id = d.id AND e.acknowledgment) AS acknowledged_on,
        (SELECT max(c.filed_on)::text FROM cases c WHERE c.debt_id = d.id) AS filed_on,
        (SELECT max(c.closed_on)::text FROM cases c WHERE c.debt_id = d.id) AS closed_on
        FROM debts d WHERE d.id = ${request.params.id}
          ${company === null ? sql`` : sql`AND d.company_id = ${company}`}`),
    );
    if (!row) throw notFound();
    const years = Number(row.years);
    if (row.case_pending)
      return {
        prescribesOn: null,
        years,
        runsFrom: null,
        interruption: null,
        suspended: null,
        casePendingSince: row.filed_on,
      };
    const from = row.start ?? row.last_interruption_on;
    if (from === null)
      return {
        prescribesOn: null,
        years,
        runsFrom: null,
        interruption: null,
        suspended: null,
        casePendingSince: null,
      };
    const result = prescription({
      from,
      years,
      interruptions: row.last_interruption_on ? [row.last_interruption_on] : [],
      demandDeliveredOn: row.first_demand_on,
    });
    if (result.prescribesOn !== row.prescribes_on)
      request.log.error(
        { debtId: request.params.id, stored: row.prescribes_on, explained: result.prescribesOn },
        'prescription: the stored day and its explanation disagree',
      );
    const interrupted =
      row.last_interruption_on !== null &&
      result.runsFrom === row.last_interruption_on &&
      result.runsFrom !== row.start;
    return {
      prescribesOn: row.prescribes_on,
      years,
      runsFrom: result.runsFrom,
      interruption: interrupted
        ? { on: result.runsFrom, kind: interruptionKind(row, result.runsFrom) }
        : null,
      suspended: result.suspended,
      casePendingSince: null,
    };
  });
}

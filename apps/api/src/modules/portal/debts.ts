import {
  agencyToday,
  CONTACT_CHANNEL_LABELS,
  type ContactChannel,
  type DebtStatus,
  describeContactHours,
  fromCents,
  isDebtClosed,
  maskContact,
  type OfferEnvelope,
  type PaymentChannel,
  type PortalDebt,
  type PortalOverview,
  portalDebtsCall,
  portalOffers,
  quotaLeft,
  toCents,
} from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { routeCall } from '../../crud';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { debtBalances } from '../debts/balance';
import type { PortalKeys } from './codes';
import { portalRoute } from './session';

interface DebtorRow {
  first_name: string;
  phone: string | null;
  alt_phone: string | null;
  email: string | null;
  phone_owner: string;
  alt_phone_owner: string;
  email_owner: string;
  phone_closed_on: string | null;
  alt_phone_closed_on: string | null;
  email_closed_on: string | null;
  agency_name: string;
  agency_phone: string | null;
  agency_email: string | null;
  days: number[];
  hours_from: string;
  hours_to: string;
}

/** The debtor's own channels (never a work or third party's number) as the portal names them. */
export function debtorChannels(row: DebtorRow) {
  const channel = (channel: ContactChannel, value: string | null, owner: string, closedOn: string | null) =>
    value?.trim() && owner === 'DEUDOR'
      ? [
          {
            channel,
            label: `${CONTACT_CHANNEL_LABELS[channel]} ${maskContact(value.trim())}`,
            closed: closedOn !== null,
          },
        ]
      : [];
  return [
    ...channel('PHONE', row.phone, row.phone_owner, row.phone_closed_on),
    ...channel('ALT_PHONE', row.alt_phone, row.alt_phone_owner, row.alt_phone_closed_on),
    ...channel('EMAIL', row.email, row.email_owner, row.email_closed_on),
  ];
}

/** The debtor's contact data and the agency's, in one statement. */
export async function readDebtor(db: Db, debtorId: number): Promise<DebtorRow> {
  const [row] = rowsOf<DebtorRow>(
    await db.execute(sql`SELECT p.first_name, p.phone, p.alt_phone, p.email, p.phone_owner, p.alt_phone_owner,
        p.email_owner, p.phone_closed_on::text AS phone_closed_on, p.alt_phone_closed_on::text AS alt_phone_closed_on,
        p.email_closed_on::text AS email_closed_on, a.name AS agency_name, a.phone AS agency_phone,
        a.email AS agency_email, a.contact_days AS days, left(a.contact_from::text, 5) AS hours_from,
        left(a.contact_to::text, 5) AS hours_to
      FROM debtors p CROSS JOIN agency_settings a WHERE p.id = ${debtorId} AND a.id = 1`),
  );
  if (!row) throw new Error(`portal: debtor ${debtorId} of a live session is missing`);
  return row;
}

/** The least «un importe» may be: the company's minimum (else a cent), never above what is owed. */
export function minimumPayment(companyMinimum: string | null, total: string): string {
  const least = companyMinimum === null ? 1n : toCents(companyMinimum);
  const owed = toCents(total);
  return fromCents(owed <= 0n ? 0n : least < owed ? least : owed);
}

/**
 * Each of the debtor's debts as the portal shows it: the creditor, what it owes today (the amount
 * owed of DESIGN.md §11.1, the staff's figure), the plan's quotas and the next one due, and what the
 * debtor has asked for that staff have not resolved. Nothing of the agency's work: no collector,
 * note, event or other debtor.
 */
export async function portalDebts(db: Db, debtorId: number): Promise<PortalDebt[]> {
  const rows = rowsOf<{
    id: number;
    company: string;
    status: DebtStatus;
    disputed: boolean;
    dispute_document: string | null;
    terms_offer_id: number | null;
    callback_at: string | null;
    min_payment: string | null;
    envelope: OfferEnvelope;
  }>(
    await db.execute(sql`SELECT d.id, c.name AS company, d.status, c.portal_min_payment::text AS min_payment,
        json_build_object('maxDiscountPercent', c.max_discount_percent::text, 'maxQuotas', c.max_quotas,
          'minDownPaymentPercent', c.min_down_payment_percent::text, 'minQuotaAmount', c.min_quota_amount::text,
          'maxFirstDueDays', c.max_first_due_days, 'maxPlanDays', c.max_plan_days) AS envelope,
        EXISTS (SELECT 1 FROM portal_requests r WHERE r.debt_id = d.id AND r.kind = 'DISPUTE' AND r.status = 'ABIERTO') AS disputed,
        (SELECT doc.file_name FROM portal_requests r JOIN documents doc ON doc.id = r.document_id
          WHERE r.debt_id = d.id AND r.kind = 'DISPUTE' AND r.status = 'ABIERTO' LIMIT 1) AS dispute_document,
        (SELECT max(o.id) FROM offers o JOIN offer_acceptances a ON a.offer_id = o.id
          WHERE o.debt_id = d.id AND o.status = 'ACEPTADA') AS terms_offer_id,
        (SELECT to_char(max(r.call_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM portal_requests r
          WHERE r.debt_id = d.id AND r.kind = 'CALLBACK' AND r.status = 'ABIERTO') AS callback_at
      FROM debts d JOIN companies c ON c.id = d.company_id
      WHERE d.debtor_id = ${debtorId}
      ORDER BY d.id`),
  );
  const today = agencyToday();
  const owed = await debtBalances(
    db,
    rows.map((row) => row.id),
    today,
  );
  return rows.flatMap((row) => {
    const money = owed.get(row.id);
    if (!money) return [];
    const quotas =
      money.plan?.map((q) => ({
        number: q.number,
        dueDate: q.dueDate,
        amount: fromCents(toCents(q.amount) + toCents(q.mora)),
        paid: q.paid,
        status: q.status,
      })) ?? null;
    const next = money.plan?.find((q) => q.status !== 'PAGADA');
    const open = !isDebtClosed(row.status);
    return [
      {
        id: row.id,
        company: row.company,
        currency: money.currency,
        date: today,
        total: money.total,
        plan: quotas
          ? {
              quotas,
              next: next
                ? {
                    number: next.number,
                    dueDate: next.dueDate,
                    owed: quotaLeft(next),
                  }
                : null,
            }
          : null,
        disputed: row.disputed,
        disputeDocument: row.dispute_document,
        termsOfferId: row.terms_offer_id === null ? null : Number(row.terms_offer_id),
        callbackAt: row.callback_at,
        open,
        minimumPayment: minimumPayment(row.min_payment, money.total),
        // Offers while it has no plan standing: a plan is what it owes then (DESIGN.md §11.1).
        // Nor while the debtor disputes it: an offer on a debt they do not acknowledge says the opposite.
        offers: open && !next && !row.disputed ? portalOffers(money.total, row.envelope, today) : [],
      },
    ];
  });
}

/** GET /api/portal/debts: the debtor's debts, their channels and how to reach the agency. */
export function portalDebtsRoute(app: FastifyInstance, db: Db, keys: PortalKeys, payments: PaymentChannel) {
  routeCall(app, portalDebtsCall, portalRoute(db, keys), async (request): Promise<PortalOverview> => {
    const { debtorId } = request.portal;
    const debtor = await readDebtor(db, debtorId);
    return {
      debtor: { firstName: debtor.first_name },
      agency: {
        name: debtor.agency_name,
        phone: debtor.agency_phone,
        email: debtor.agency_email,
        hours: describeContactHours({
          days: debtor.days.map(Number),
          from: debtor.hours_from,
          to: debtor.hours_to,
        }),
      },
      channels: debtorChannels(debtor),
      debts: await portalDebts(db, debtorId),
      payments,
    };
  });
}

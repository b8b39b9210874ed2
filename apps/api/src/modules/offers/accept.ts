import {
  agencyToday,
  compareMoney,
  formatMoney,
  OFFER_MESSAGES,
  offerQuotaAmounts,
  offerStatusWord,
  percentText,
} from '@cobranzas/shared';
import type { Auditor, Executor } from '../../crud';
import type { offers } from '../../db/schema';
import { conflict } from '../../errors';
import { assertDebtOpen } from '../debts/books';
import { heldDebt } from '../debts/lock';
import { writeRow } from '../ledger/write';
import { agreePlan } from '../quotas/plan';
import { annulOpenOffers } from './annul';
import { hasUnpaidQuotas, offerBalance } from './terms';
import { updateOffer } from './update';

type OfferRow = typeof offers.$inferSelect;

/**
 * The debtor accepted an APROBADA offer (DESIGN.md §10.3): in the caller's transaction, which locked
 * the debt and then the offer — the offer becomes ACEPTADA, the debt's other open offers ANULADA, its
 * discount a REDUCTION row of the ledger dated today (the stored balance goes down by it, the
 * amount owed applies it like a payment) and its terms the debt's payment plan (the quotas
 * module's agreePlan: the down payment first, the rest equal, the last absorbing the cents, monthly
 * from the first due date). Refused (409) when the debt already has a plan, is closed, or owes today
 * another figure than the offer measured (stale: a new offer is made), or the first due date passed.
 */
export async function acceptOffer(tx: Executor, user: Auditor, offer: OfferRow) {
  if (offer.status !== 'APROBADA') throw conflict(OFFER_MESSAGES.notApproved(offerStatusWord(offer.status)));
  const locked = heldDebt(tx, offer.debtId);
  const debt = locked.row;
  assertDebtOpen(debt);
  if (await hasUnpaidQuotas(tx, debt.id)) throw conflict(OFFER_MESSAGES.debtHasPlan);
  const today = agencyToday();
  if (offer.firstDueDate < today) throw conflict(OFFER_MESSAGES.firstDueDatePassed);
  const now = await offerBalance(tx, debt.id, debt.balance);
  const money = (value: string) => formatMoney(value, debt.currency);
  if (compareMoney(now, offer.balance) !== 0)
    throw conflict(OFFER_MESSAGES.stale(money(offer.balance), money(now)));

  await annulOpenOffers(tx, user, debt.id, OFFER_MESSAGES.annulledByOffer(offer.id), offer.id);
  const accepted = await updateOffer(tx, user, offer, {
    status: 'ACEPTADA',
    acceptedBy: user.sub,
    acceptedAt: new Date(),
  });
  // The discount is a REDUCTION row of the ledger: the books and what is owed go down by it.
  if (compareMoney(offer.discount, '0') > 0)
    await writeRow(tx, user, {
      debtId: debt.id,
      kind: 'REDUCTION',
      date: today,
      amount: offer.discount,
      offerId: offer.id,
      notes: OFFER_MESSAGES.reductionNote(offer.id),
    });
  await agreePlan(tx, user, locked, {
    installments: offer.quotas,
    firstDueDate: offer.firstDueDate,
    total: offer.amount,
    amounts: offerQuotaAmounts(offer),
    note: OFFER_MESSAGES.planNote(
      offer.id,
      offer.quotas,
      money(offer.amount),
      money(offer.discount),
      percentText(offer.discountPercent),
    ),
  });
  return accepted;
}

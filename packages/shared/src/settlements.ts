/**
 * The arithmetic of a settlement to a client company (rendición, DESIGN.md §10.4, contract):
 * commission = collected × commissionRate / 100 and vat = commission × vatRate / 100, each rounded
 * half-up to the cent; net = collected − commission − vat. Our choices on top (docs/decisions.md,
 * «Rendiciones»): a stage may carry its own rate, so the commission is worked out per rate and
 * rounded once per rate (one rate: exactly the contract's figure); money the debtor paid straight to
 * the client earns commission but the agency does not hold it, so what the agency transfers is
 * `payable` = net − direct (negative: the client owes the agency).
 */
import { fromCents, toCents } from './money';

/** The money of one commission rate: its lines' sum. */
export interface SettlementGroup {
  commissionRate: string;
  collected: string;
  /** Of `collected`, what the debtor paid straight to the client. */
  direct: string;
}

export interface SettlementTotals {
  collected: string;
  direct: string;
  commission: string;
  vat: string;
  net: string;
  payable: string;
  /** One per rate, in the order given: the commission of each, rounded on its own. */
  commissions: { commissionRate: string; collected: string; commission: string }[];
}

/** a × b / 10 000, half-up, for non-negative cents and a percent in hundredths (12.50 % = 1250n). */
export function percentOfCents(cents: bigint, hundredths: bigint): bigint {
  const numerator = cents * hundredths;
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const rounded = (abs * 2n + 10_000n) / 20_000n;
  return negative ? -rounded : rounded;
}

/** The percent `rate` of `amount`, half-up to the cent: ratePart("10.10", "21") = "2.12". */
export function ratePart(amount: string, rate: string): string {
  return fromCents(percentOfCents(toCents(amount), toCents(rate)));
}

export function settlementTotals(groups: readonly SettlementGroup[], vatRate: string): SettlementTotals {
  let collected = 0n;
  let direct = 0n;
  let commission = 0n;
  const commissions = groups.map((group) => {
    const groupCollected = toCents(group.collected);
    const groupCommission = percentOfCents(groupCollected, toCents(group.commissionRate));
    collected += groupCollected;
    direct += toCents(group.direct);
    commission += groupCommission;
    return {
      commissionRate: group.commissionRate,
      collected: fromCents(groupCollected),
      commission: fromCents(groupCommission),
    };
  });
  const vat = percentOfCents(commission, toCents(vatRate));
  const net = collected - commission - vat;
  return {
    collected: fromCents(collected),
    direct: fromCents(direct),
    commission: fromCents(commission),
    vat: fromCents(vat),
    net: fromCents(net),
    payable: fromCents(net - direct),
    commissions,
  };
}

/** The agency's VAT on its commission (DESIGN.md §10.4): 21 % for a Responsable Inscripto, none for a monotributista. */
export const VAT_RATES = { RESPONSABLE_INSCRIPTO: '21.00', MONOTRIBUTISTA: '0.00' } as const;

/** What the settlement calls answer, in Spanish (DESIGN.md §7). */
export const SETTLEMENT_MESSAGES = {
  adminOnly: 'Solo un administrador puede crear, cerrar o borrar rendiciones.',
  nothingToSettle: 'No hay pagos ni depósitos sin rendir de esa compañía hasta esa fecha.',
  companyNotFound: 'La compañía no existe.',
  alreadyClosed: 'La rendición ya está cerrada.',
  closedCannotBeDeleted: 'Una rendición cerrada no se puede borrar.',
  changedSinceDraft:
    'Algunos pagos o depósitos de este borrador cambiaron o ya se rindieron en otra rendición: borre el borrador y genere uno nuevo.',
  settledMoney: 'Este pago o depósito ya fue rendido a la compañía: no se puede modificar ni borrar.',
  settledDebtStays:
    'La deuda tiene pagos ya rendidos a su compañía: no se puede cambiar de compañía ni de moneda.',
} as const;

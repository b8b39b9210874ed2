import { compareMoney, formatMoney, type Settlement, subtractMoney } from '@cobranzas/shared';
import classes from '../../components/resource/resource.module.css';
import { formatPercent } from '../../lib/format';
import local from './settlements.module.css';

/**
 * What was collected and what the agency keeps and transfers (shared/settlements.ts): the commission
 * per rate when a stage has its own, VAT on the commission, the net and, less what the client got
 * straight from the debtor, what the agency transfers — or, negative, what the client owes it.
 */
export function SettlementTotals({ settlement: s }: { settlement: Settlement }) {
  const money = (value: string) => formatMoney(value, s.currency);
  const owed = compareMoney(s.payable, '0') < 0;
  const split = s.commissions.length > 1;
  return (
    <section className={classes.card} aria-labelledby="settlement-totals">
      <h2 id="settlement-totals" className={local.sectionTitle}>
        Totales
      </h2>
      <dl className={local.totals}>
        <div>
          <dt>Cobrado</dt>
          <dd>{money(s.collected)}</dd>
        </div>
        <div className={local.part}>
          <dt>de ello, cobrado directamente por el cliente</dt>
          <dd>{money(s.direct)}</dd>
        </div>
        <div>
          <dt>{split ? 'Comisión' : `Comisión (${formatPercent(s.commissionRate)})`}</dt>
          <dd>{money(s.commission)}</dd>
        </div>
        {split
          ? s.commissions.map((c) => (
              <div key={c.commissionRate} className={local.part}>
                <dt>
                  Comisión {formatPercent(c.commissionRate)} sobre{' '}
                  <span className={local.amount}>{money(c.collected)}</span>
                </dt>
                <dd>{money(c.commission)}</dd>
              </div>
            ))
          : null}
        <div>
          <dt>IVA ({formatPercent(s.vatRate)})</dt>
          <dd>{money(s.vat)}</dd>
        </div>
        <div className={local.strong}>
          <dt>Neto</dt>
          <dd>{money(s.net)}</dd>
        </div>
        <div className={local.final} data-owed={owed || undefined}>
          <dt>{owed ? 'A cobrar al cliente' : 'A transferir'}</dt>
          <dd>{money(owed ? subtractMoney('0', s.payable) : s.payable)}</dd>
        </div>
      </dl>
    </section>
  );
}

import { isDebtClosed, type Offer, offersResource } from '@cobranzas/shared';
import { useState } from 'react';
import { useSession } from '../../lib/useSession';
import { useDebtRecords } from '../debts/common/hooks';
import { debtTab, type TabProps } from '../debts/view/RecordTab';
import { TabSection } from '../debts/view/TabSection';
import type { OfferAction } from './api';
import { OfferActionDialog } from './OfferActionDialog';
import { OfferForm } from './OfferForm';
import { OfferTable, offerActions } from './OfferTable';

/** The tab's list: the newest offer first. */
export const OFFERS_TAB = debtTab(offersResource, 'createdAt');

/**
 * Ofertas de quita (DESIGN.md §10.3): the debt's offers with their status; «Nueva oferta» (staff),
 * Aprobar/Rechazar a pending one (ADMIN), Aceptar an approved one (the debtor accepted: its plan is
 * created and its discount recorded), Anular. A CLIENTE sees them, read-only.
 */
export function OffersTab({ debt, perms }: TabProps) {
  const offers = useDebtRecords(offersResource, debt.id, OFFERS_TAB.params);
  const { userData } = useSession();
  const [adding, setAdding] = useState(false);
  const [target, setTarget] = useState<{ offer: Offer; action: OfferAction } | null>(null);
  const records: Offer[] = offers.records;
  const open = !isDebtClosed(debt.status);
  const may = { isAdmin: userData?.type === 'ADMIN', canAct: perms.add, debtOpen: open };
  return (
    <TabSection
      title="Ofertas de quita"
      count={records.length}
      addLabel="Nueva oferta"
      onAdd={perms.add && open && !adding ? () => setAdding(true) : undefined}
      query={offers}
      empty={records.length === 0 ? 'Todavía no se hicieron ofertas de quita.' : null}
      extra={adding ? <OfferForm debt={debt} onDone={() => setAdding(false)} /> : null}
      modals={<OfferActionDialog target={target} onClose={() => setTarget(null)} />}
    >
      <OfferTable
        offers={records}
        actionsOf={(offer) => offerActions(offer, may)}
        onAction={(offer, action) => setTarget({ offer, action })}
      />
    </TabSection>
  );
}

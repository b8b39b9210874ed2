import { useAbility } from '@casl/react';
import type { AppAbility, Settlement, settlementsResource } from '@cobranzas/shared';
import { ListPage } from '../../components/resource/ListPage';
import {
  CLIENT_FILTERS,
  COLUMNS,
  numberText,
  SETTLEMENTS,
  STAFF_FILTERS,
  useSettlementAdmin,
} from './resource';

const openPath = (s: Settlement) => `/settlements/${s.id}`;

/**
 * /settlements/list, «Rendiciones»: staff see every company's drafts and closed ones; a CLIENTE the
 * same list, which the API limits to its company's closed ones. Only an ADMIN makes or deletes them.
 */
export function SettlementsListPage() {
  const admin = useSettlementAdmin();
  // The company filter reads the companies, which a CLIENTE may not (it has one anyway).
  const staff = useAbility<AppAbility>().can('view', 'SystemManagement');
  return (
    <ListPage<typeof settlementsResource, Settlement>
      info={SETTLEMENTS}
      title="Rendiciones"
      columns={COLUMNS}
      filters={staff ? STAFF_FILTERS : CLIENT_FILTERS}
      exportName="rendiciones"
      label={(s) => `${numberText(s)} de ${s.companyName}`}
      canAdd={admin}
      addLabel="Nueva rendición"
      // Drafts are deleted from their page, after reading them.
      canDelete={false}
      openPath={openPath}
    />
  );
}

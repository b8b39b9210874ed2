import {
  collectionsTypesResource,
  companiesResource,
  debtsTypesResource,
  rateTablesResource,
  usersResource,
} from '@cobranzas/shared';
import { useMemo } from 'react';
import type { Option } from '../../../components/resource/types';
import { useOptions } from '../../../components/resource/useOptions';
import { usePermissions } from './hooks';
import { FIXED_STAGES } from './labels';

const byName = (record: { name: string }) => record.name;
const ACTIVE = { active: 'true' } as const;

/**
 * The select options of the debt screens. The catalogs need view SystemManagement: without it
 * (CLIENTE) only the fixed stages are offered and the rest stay empty.
 */
export function useDebtCatalogs() {
  const { catalogs } = usePermissions();
  const companies = useOptions(companiesResource, byName, catalogs);
  const stages = useOptions(debtsTypesResource, byName, catalogs);
  const collectionTypes = useOptions(collectionsTypesResource, byName, catalogs);
  const users = useOptions(usersResource, byName, catalogs, ACTIVE);
  const rateTables = useOptions(rateTablesResource, byName, catalogs);
  // Debts are assigned to agency staff (GENERAL or ADMIN), never to a client's user.
  const staff = useMemo<Option[]>(
    () =>
      users.records
        .filter((user) => user.role !== 'CLIENTE')
        .map((user) => ({ value: String(user.id), label: user.name })),
    [users.records],
  );
  return {
    companies: companies.options,
    stages: catalogs ? stages.options : FIXED_STAGES,
    collectionTypes: collectionTypes.options,
    rateTables: rateTables.options,
    staff,
    loading: companies.loading || stages.loading,
  };
}

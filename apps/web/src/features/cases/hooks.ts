import {
  type Case,
  caseStatusesResource,
  casesResource,
  companiesResource,
  jurisdictionsResource,
  usersResource,
} from '@cobranzas/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Option } from '../../components/resource/types';
import { useOptions } from '../../components/resource/useOptions';
import { resourceQueries } from '../../lib/resourceQueries';

const cases = resourceQueries(casesResource);

/** One court case (a CLIENTE's arrives without the internal notes). */
export function useCase(id: number) {
  return useQuery({ ...cases.detail(id), select: (record) => record as Case, enabled: id > 0 });
}

const byName = (record: { name: string }) => record.name;

/**
 * The options of the case screens: jurisdictions, statuses, the agency's lawyers (its staff, never a
 * client's user) and the companies. They are catalogs (view SystemManagement): a CLIENTE gets none.
 */
export function useCaseCatalogs(enabled: boolean) {
  const jurisdictions = useOptions(jurisdictionsResource, byName, enabled);
  const statuses = useOptions(caseStatusesResource, byName, enabled);
  const users = useOptions(usersResource, byName, enabled);
  const companies = useOptions(companiesResource, byName, enabled);
  const lawyers = useMemo<Option[]>(
    () =>
      users.records
        .filter((user) => user.role !== 'CLIENTE')
        .map((user) => ({
          value: String(user.id),
          label: user.active ? user.name : `${user.name} (inactivo)`,
        })),
    [users.records],
  );
  return {
    jurisdictions: jurisdictions.options,
    statuses: statuses.options,
    lawyers,
    companies: companies.options,
  };
}

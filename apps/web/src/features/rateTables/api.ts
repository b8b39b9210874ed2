/** The rate tables' own call beyond the generic ones (issue 17). */
import { type RateImportResult, rateTablesResource } from '@cobranzas/shared';
import { api } from '../../lib/api';

/** POST /rate-tables/{id}/import: merges a CSV `fecha;tasa` into the table's rates. */
export async function importRates(id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.post<RateImportResult>(`/${rateTablesResource.path}/${id}/import`, form);
  return data;
}

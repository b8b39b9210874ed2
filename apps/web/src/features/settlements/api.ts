/** The settlement calls beyond the generic list, read, create and delete (issue 19). */
import {
  type Settlement,
  type SettlementLines,
  settlementLinesSchema,
  settlementsResource,
} from '@cobranzas/shared';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';

const base = `/${settlementsResource.path}`;

/** GET /settlements/{id}/lines: a page of its payments and deposits, by date. */
export async function getSettlementLines(
  id: number,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<SettlementLines> {
  const { data } = await api.get(`${base}/${id}/lines`, { params: { page, limit }, signal });
  const parsed = settlementLinesSchema.safeParse(data);
  if (!parsed.success) throw new Error('La respuesta del servidor no tiene el formato esperado.');
  return parsed.data;
}

/** PATCH /settlements/{id}/close (ADMIN): numbers the draft and freezes its money. 409 if it changed. */
export async function closeSettlement(id: number): Promise<Settlement> {
  const { data } = await api.patch<Settlement>(`${base}/${id}/close`);
  return data;
}

export type SettlementFile = 'file' | 'pdf';

/** GET /settlements/{id}/file (.xlsx) or /pdf, saved under the server's name. */
export function downloadSettlement(settlement: Pick<Settlement, 'id' | 'number'>, kind: SettlementFile) {
  const name = `rendicion-${settlement.number ?? `borrador-${settlement.id}`}`;
  return downloadFile(`${base}/${settlement.id}/${kind}`, `${name}.${kind === 'pdf' ? 'pdf' : 'xlsx'}`);
}

import type { Reconciliation, ReconciliationLine } from '@cobranzas/shared';
import { expect } from 'vitest';
import { create } from './domain';
import { call, type TestApp, unique } from './helpers';
import { multipartBody } from './multipart';

/** A bank's profile reading «Fecha;Importe;Concepto;Ordenante;Transacción» (or the columns given). */
export async function bankProfile(t: TestApp, token: string, fields: Record<string, unknown> = {}) {
  return create(t.app, token, 'reconciliation-profiles', {
    name: unique('Banco '),
    source: 'BANCO',
    mapping: { date: 'Fecha', amount: 'Importe', description: 'Concepto', payerName: 'Ordenante' },
    ...fields,
  }) as Promise<{ id: number }>;
}

export interface StatementUpload {
  content: Buffer | string;
  profileId?: number;
  fileName?: string;
}

/** POST /api/reconciliations as the web sends it (profileId before the file). */
export function uploadStatement(t: TestApp, token: string, args: StatementUpload) {
  const { payload, headers } = multipartBody([
    ...(args.profileId !== undefined ? [{ name: 'profileId', value: String(args.profileId) }] : []),
    {
      name: 'file',
      filename: args.fileName ?? 'extracto.csv',
      content: typeof args.content === 'string' ? Buffer.from(args.content, 'utf8') : args.content,
    },
  ]);
  return call(t.app, token, { method: 'POST', url: '/api/reconciliations', payload, headers });
}

/** Polls GET /api/reconciliations/{id} until it leaves QUEUED/RUNNING. */
export async function reconciled(t: TestApp, token: string, id: number, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await call(t.app, token, { method: 'GET', url: `/api/reconciliations/${id}` });
    expect(response.status).toBe(200);
    const record = response.body as Reconciliation;
    if (record.status !== 'QUEUED' && record.status !== 'RUNNING') return record;
    if (Date.now() > until) throw new Error(`la conciliación ${id} sigue ${record.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Uploads (with a fresh bank profile unless one is given) and waits for the matching to end. */
export async function runReconciliation(t: TestApp, token: string, args: StatementUpload) {
  const profileId = args.profileId ?? (await bankProfile(t, token)).id;
  const response = await uploadStatement(t, token, { ...args, profileId });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return reconciled(t, token, (response.body as { id: number }).id);
}

/** Every line of a file (one page of 200). */
export async function linesOf(t: TestApp, token: string, id: number, query = '') {
  const response = await call(t.app, token, {
    method: 'GET',
    url: `/api/reconciliations/${id}/lines?pageSize=200${query}`,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as ReconciliationLine[];
}

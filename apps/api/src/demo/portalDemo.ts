import type { PortalLinkCreated } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/bulk';
import type { Db } from '../db/client';
import { adminToken } from './importDemo';

/** The demo's debtor with a live portal link (issue 34): who, and how to get in. */
export interface DemoPortal extends PortalLinkCreated {
  dni: string;
  name: string;
}

/**
 * A personal link to the portal for one demo debtor — one with a payment plan and a phone of their
 * own, so the portal shows quotas and the next one due — made through the API as staff make it
 * (POST /api/debtors/{id}/portal-link, 90 days). Null when the demo has no such debtor.
 */
export async function demoPortalLink(app: FastifyInstance, db: Db): Promise<DemoPortal | null> {
  const [debtor] = rowsOf<{ id: number; dni: string; name: string }>(
    await db.execute(sql`SELECT p.id, p.dni, p.first_name || ' ' || p.last_name AS name
      FROM debtors p JOIN debts d ON d.debtor_id = p.id
      WHERE d.status = 'EN_CONVENIO' AND p.phone_owner = 'DEUDOR' AND nullif(trim(p.phone), '') IS NOT NULL
      ORDER BY p.id LIMIT 1`),
  );
  if (!debtor) return null;
  const response = await app.inject({
    method: 'POST',
    url: `/api/debtors/${debtor.id}/portal-link`,
    headers: { authorization: `Bearer ${await adminToken(app, db)}` },
    payload: { days: 90 },
  });
  if (response.statusCode !== 201) throw new Error(`No se pudo crear el enlace de la demo: ${response.body}`);
  return { ...(response.json() as PortalLinkCreated), dni: debtor.dni, name: debtor.name };
}

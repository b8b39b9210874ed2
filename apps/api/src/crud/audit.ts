import type { TokenPayload } from '@cobranzas/shared';
import { auditLog } from '../db/schema';
import type { Executor, Row } from './types';

/** Never in the trail: credentials, even hashed. */
const SECRET_FIELDS = new Set(['passwordHash', 'password']);

function sanitize(row: Row | null): Row | null {
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_FIELDS.has(key)));
}

export interface AuditEntry {
  action: 'create' | 'update' | 'delete';
  resource: string;
  recordId: number | null;
  before: Row | null;
  after: Row | null;
}

/** Who did it: a staff user (their token), or a debtor in the portal (no user id, a name that says so). */
export type Auditor = Pick<TokenPayload, 'name'> & { sub: number | null };

/** Writes one audit row; call it inside the write's transaction so both commit or neither does. */
export async function writeAudit(db: Executor, user: Auditor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    userId: user.sub,
    userName: user.name,
    action: entry.action,
    resource: entry.resource,
    recordId: entry.recordId,
    before: sanitize(entry.before),
    after: sanitize(entry.after),
  });
}

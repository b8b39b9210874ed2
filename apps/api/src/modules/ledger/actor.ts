import type { TokenPayload } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../crud';

/**
 * Who writes the ledger rows a write through /payments, /deposits or /services adds, and why a row
 * is undone (migration 0024: the views' triggers read these settings for a REVERSAL's author and
 * reason). Local to the transaction: set in the write's hooks, gone at COMMIT.
 */
export async function actAs(tx: Executor, user: TokenPayload, reason?: string | null): Promise<void> {
  await tx.execute(
    sql`SELECT set_config('ledger.actor', ${String(user.sub)}, true), set_config('ledger.reason', ${reason ?? ''}, true)`,
  );
}

import { randomBytes } from 'node:crypto';
import { FIXED_DEBT_TYPES, USER_TYPE_IDS } from '@cobranzas/shared';
import { count, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../auth/passwords';
import type { Config } from '../config';
import { finishLedgerMigration } from '../modules/ledger/upgrade';
import type { Db } from './client';
import { debtTypes, reconciliationProfiles, users, userTypes } from './schema';

/** DESIGN.md §4 reference data. Ids are fixed: the web and later issues rely on them. */
export const FIXED_USER_TYPES = [
  { id: USER_TYPE_IDS.ADMIN, name: 'ADMIN', role: 'ADMIN' },
  { id: USER_TYPE_IDS.GENERAL, name: 'GENERAL', role: 'GENERAL' },
  { id: USER_TYPE_IDS.CLIENTE, name: 'CLIENTE', role: 'CLIENTE' },
] as const;

/** Records with these ids (1–3) are system configuration: not renamed, not deleted. */
export const isFixedId = (id: number) => id >= 1 && id <= 3;

/** After inserting explicit ids, move the identity sequence past them so new rows get 4, 5… */
async function advanceSequence(db: Db, table: PgTable) {
  const name = getTableName(table);
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence(${name}, 'id'), (SELECT max(id) FROM ${sql.identifier(name)}))`,
  );
}

/**
 * Mercado Pago's released-money report has fixed columns: its profile is ready when none exists (an
 * ADMIN who does not want it deactivates it). Not in migration 0036: PostgreSQL refuses an enum
 * value (payment_method MERCADOPAGO, 0031) in the transaction that added it, and a new database
 * runs every migration in one.
 */
async function seedMercadoPagoProfile(db: Db) {
  await db.execute(sql`INSERT INTO ${reconciliationProfiles} (name, source, layout, method)
    SELECT 'Mercado Pago', 'MERCADOPAGO', 'COLUMNAS', 'MERCADOPAGO'
    WHERE NOT EXISTS (SELECT 1 FROM ${reconciliationProfiles} WHERE source = 'MERCADOPAGO')
    ON CONFLICT (name) DO NOTHING`);
}

/**
 * Idempotent; runs at every start. Creates the first ADMIN when there are no users at all.
 * `announce` receives the one line that shows a generated password (printed once, never logged).
 */
export async function seed(db: Db, config: Config, announce: (line: string) => void = console.log) {
  await finishLedgerMigration(db);
  const newTypes = await db
    .insert(userTypes)
    .values([...FIXED_USER_TYPES])
    .onConflictDoNothing()
    .returning();
  if (newTypes.length > 0) await advanceSequence(db, userTypes);
  const newDebtTypes = await db
    .insert(debtTypes)
    .values([...FIXED_DEBT_TYPES])
    .onConflictDoNothing()
    .returning();
  if (newDebtTypes.length > 0) await advanceSequence(db, debtTypes);
  await seedMercadoPagoProfile(db);

  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const created = await db
    .insert(users)
    .values({
      name: 'Administrador',
      alias: config.adminAlias,
      passwordHash: await hashPassword(password),
      userTypeId: USER_TYPE_IDS.ADMIN,
    })
    // Another instance may have created it at the same moment.
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (created.length === 0) return;
  announce(
    config.adminPassword
      ? `Usuario administrador creado: alias "${config.adminAlias}", con la contraseña de ADMIN_PASSWORD.`
      : `Usuario administrador creado: alias "${config.adminAlias}", contraseña "${password}" (guárdela: no se volverá a mostrar).`,
  );
}

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { agencyToday } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk';
import type { Db } from '../src/db/client';
import { backup, publicTables, RestoreError, restore } from '../src/ops/backup';
import { create, createDebtWithChildren } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  backends,
  call,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';
import { multipartBody, SAMPLES } from './multipart';

const CLI = new URL('../src/ops/cli.ts', import.meta.url).pathname;
const ROOT = new URL('../../..', import.meta.url).pathname;

/** Every public table as sorted JSON rows: what "the same database" means here. */
async function contents(db: Db): Promise<Record<string, string[]>> {
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const out: Record<string, string[]> = {};
  for (const name of await publicTables(db)) {
    const table = sql.raw(`"${name}"`);
    out[name] = rows<{ j: string }>(await db.execute(sql`SELECT row_to_json(t)::text AS j FROM ${table} t`))
      .map((row) => row.j)
      .sort();
  }
  return out;
}

const fileContents = (root: string) =>
  Object.fromEntries(
    (readdirSync(root, { recursive: true }) as string[])
      .filter((key) => statSync(path.join(root, key)).isFile())
      .map((key) => [key, readFileSync(path.join(root, key)).toString('base64')]),
  );

forEachBackend('backup and restore (npm run backup / restore)', (backend) => {
  let source: TestApp;
  let archive: string;
  const scratch = mkdtempSync(path.join(tmpdir(), 'cobranzas-backup-test-'));
  beforeAll(async () => {
    source = await startApp(backend);
    const token = await tokenFor(source.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    // A populated database: a debt with one of everything, money with cents, a paid quota, a document.
    const { ids } = await createDebtWithChildren(source, token);
    const quota = await create(source.app, token, 'quotas', {
      debtId: ids.debts,
      number: 2,
      amount: '234.56',
      dueDate: '2026-01-10',
    });
    await call(source.app, token, { method: 'PATCH', url: `/api/quotas/${quota.id}/pay`, payload: {} });
    const uploaded = await call(source.app, token, {
      method: 'POST',
      url: '/api/documents',
      ...multipartBody([
        { name: 'debtId', value: String(ids.debts) },
        { name: 'file', filename: 'contrato.pdf', content: SAMPLES.pdf },
      ]),
    });
    expect(uploaded.status).toBe(201);
    archive = path.join(scratch, 'copia.tar.gz');
    const manifest = await backup(source.database, source.config.dataDir, archive);
    expect(manifest.tables.debts).toBe(1);
    expect(manifest.tables.ledger).toBeGreaterThanOrEqual(2);
  });
  afterAll(async () => {
    await source?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const emptyTarget = (kind: (typeof backends)[number]['name']) => startApp(kind, { seed: false });

  for (const target of backends) {
    it.skipIf(!target.available)(
      `round-trips into an empty ${target.name}: every table and document equal`,
      async () => {
        const restored = await emptyTarget(target.name);
        try {
          await restore(restored.database, restored.config.dataDir, archive);
          expect(await contents(restored.database.db)).toEqual(await contents(source.database.db));
          const documents = (t: TestApp) => fileContents(path.join(t.config.dataDir, 'documents'));
          expect(Object.keys(documents(restored))).toHaveLength(1);
          expect(documents(restored)).toEqual(documents(source));
          // The restored product works: sign in, read the debt, create the next record.
          const token = await tokenFor(restored.app, ADMIN_ALIAS, ADMIN_PASSWORD);
          const debts = await call(restored.app, token, { method: 'GET', url: '/api/debts' });
          expect(debts.body.total).toBe(1);
          const next = await call(restored.app, token, {
            method: 'POST',
            url: '/api/payments',
            payload: { debtId: debts.body.data[0].id, amount: '1.00', paidAt: agencyToday() },
          });
          expect(next.status).toBe(201);
          // Its id comes after every record restored (the ledger's document sequence moved too).
          const [last] = rowsOf<{ id: number }>(
            await source.database.db.execute(sql`SELECT max(document_id) AS id FROM ledger`),
          );
          expect(next.body.id).toBeGreaterThan(Number(last?.id));
        } finally {
          await restored.close();
        }
      },
    );
  }

  it('refuses a database that is not empty, and changes nothing', async () => {
    const before = await contents(source.database.db);
    await expect(restore(source.database, source.config.dataDir, archive)).rejects.toThrow(
      new RestoreError(
        'La base de destino no está vacía: restaure en una base nueva (DATA_DIR o DATABASE_URL sin datos).',
      ),
    );
    expect(await contents(source.database.db)).toEqual(before);
  });

  it('refuses a file that is not a copy', async () => {
    const restored = await emptyTarget(backend);
    try {
      const bogus = path.join(scratch, 'otra-cosa.tar.gz');
      writeFileSync(bogus, 'no soy un tar');
      await expect(restore(restored.database, restored.config.dataDir, bogus)).rejects.toBeInstanceOf(
        RestoreError,
      );
    } finally {
      await restored.close();
    }
  });
});

describe('npm run backup / npm run restore (PGlite, server stopped)', { timeout: 120_000 }, () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'cobranzas-backup-cli-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const run = (command: string, args: string[], dataDir: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', CLI, command, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      cwd: ROOT,
      encoding: 'utf8',
    });

  it('restore fills an empty DATA_DIR; backup writes a timestamped archive; a held directory is refused', async () => {
    const source = await startApp('pglite');
    let archive: string;
    try {
      archive = path.join(scratch, 'origen.tar.gz');
      await backup(source.database, source.config.dataDir, archive);
    } finally {
      await source.close();
    }
    const dataDir = path.join(scratch, 'data');
    const restored = run('restore', [archive], dataDir);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(/^Copia del .* restaurada \(PGlite en /);
    const made = run('backup', ['--out', path.join(scratch, 'copias')], dataDir);
    expect(made.status).toBe(0);
    const name = /Copia escrita en (.*cobranzas-pglite-\d{8}-\d{6}\.tar\.gz) \(/.exec(made.stdout)?.[1];
    expect(name).toBeDefined();
    expect(existsSync(name as string)).toBe(true);
    // A second restore into the same (now full) directory is refused in Spanish.
    const again = run('restore', [archive], dataDir);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('La base de destino no está vacía');
    // While another live process holds the directory (a running server), nothing touches it.
    writeFileSync(path.join(dataDir, 'pglite.pid'), String(process.pid));
    const busy = run('backup', [], dataDir);
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain(`está en uso por el proceso ${process.pid}`);
  });
});

import type { Import } from '@cobranzas/shared';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { debts } from '../db/schema';
import { type DemoSummary, generateDemo } from './generate';
import { DEMO_IMPORT_COMPANY, importDemoPortfolio } from './importDemo';
import { type DemoPortal, demoPortalLink } from './portalDemo';

/** Every demo user's password, printed at the end (the demo is for trying the product). */
export const DEMO_PASSWORD = 'demo-cobranzas';
export const DEFAULT_SIZE = 400;
const DEFAULT_SEED = 20_240_501;

export interface RunOptions {
  force: boolean;
  size: number;
  seed: number;
}

/** `--force`, `--size=N` (debtors), `--seed=N`; anything else is an error message. */
export function parseArgs(argv: string[]): RunOptions | string {
  const options: RunOptions = { force: false, size: DEFAULT_SIZE, seed: DEFAULT_SEED };
  for (const arg of argv) {
    const [name, value] = arg.split('=');
    const number = Number(value);
    if (name === '--force' && value === undefined) options.force = true;
    else if (name === '--size' && Number.isInteger(number) && number >= 1 && number <= 50_000)
      options.size = number;
    else if (name === '--seed' && Number.isInteger(number) && number >= 0) options.seed = number;
    else
      return `Opción desconocida o inválida: ${arg}. Uso: npm run demo -- [--force] [--size=400] [--seed=N]`;
  }
  return options;
}

function importLine(record: Import): string {
  const { created } = record;
  return (
    `Importación de ejemplo (${record.fileName}, ${DEMO_IMPORT_COMPANY}): ${record.status}, ` +
    `${record.totalRows} filas, ${created.debtors} deudores y ${created.debts} deudas nuevas, ` +
    `${record.unchanged} sin cambios, ${record.rejected} rechazadas, ${record.warnings} con advertencias ` +
    '(Cobranzas → Importar cartera).'
  );
}

function summaryLines(summary: DemoSummary, seconds: string, imported?: Import): string[] {
  const counts = Object.entries(summary.counts).map(([name, n]) => `${name} ${n}`);
  const lines = [`Demo cargada en ${seconds} s:`, `  ${counts.join(' · ')}`];
  if (imported) lines.push(importLine(imported));
  if (summary.users.length > 0) {
    lines.push(`Usuarios nuevos (contraseña de todos: ${DEMO_PASSWORD}):`);
    for (const user of summary.users)
      lines.push(`  ${user.alias.padEnd(28)} ${user.role.padEnd(8)} ${user.name}`);
  }
  lines.push('El usuario administrador es el de siempre (ADMIN_ALIAS y su contraseña).');
  lines.push('Inicie el servidor con "npm start" y entre en http://localhost:3000.');
  return lines;
}

/** How to open the demo debtor's portal (the README points here). */
function portalLines(portal: DemoPortal): string[] {
  return [
    `Portal del deudor (${portal.name}): abra ${portal.url}`,
    `  y escriba el DNI ${portal.dni}; o entre en ${portal.url.split('#')[0]} con el código ${portal.code}.`,
  ];
}

/**
 * Loads the demo unless the database already holds debts (then it says so and does nothing, unless
 * forced: a forced run adds another portfolio, reusing the companies and users it finds). Returns
 * the summary, or null when it refused. With `app` (built on the same database, ready), the sample
 * portfolio is then imported through the API and its job run to the end (importDemo.ts): the
 * summary's `import` is that import as the API reports it.
 */
export async function runDemo(
  db: Db,
  options: RunOptions,
  print: (line: string) => void,
  app?: FastifyInstance,
): Promise<(DemoSummary & { import?: Import; portal?: DemoPortal }) | null> {
  const [existing] = await db.select({ n: count() }).from(debts);
  const stored = existing?.n ?? 0;
  if (stored > 0 && !options.force) {
    print(`La base de datos ya tiene ${stored} deudas, así que no se cargó la demo.`);
    print('Para agregarla de todos modos: npm run demo -- --force');
    return null;
  }
  const started = performance.now();
  // A forced run draws other people than the first, so DNIs and references do not repeat.
  const summary = await generateDemo(db, {
    size: options.size,
    seed: options.seed + stored,
    password: DEMO_PASSWORD,
  });
  const imported = app ? await importDemoPortfolio(app, db) : undefined;
  const portal = app ? await demoPortalLink(app, db) : null;
  const seconds = ((performance.now() - started) / 1000).toFixed(1).replace('.', ',');
  for (const line of summaryLines(summary, seconds, imported)) print(line);
  if (portal) for (const line of portalLines(portal)) print(line);
  return { ...summary, ...(imported ? { import: imported } : {}), ...(portal ? { portal } : {}) };
}

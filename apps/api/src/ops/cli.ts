import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { createDatabase } from '../db/client';
import { DatabaseInUseError } from '../db/pglite/lock';
import { backup, RestoreError, restore } from './backup';

const USAGE = `Uso:
  npm run backup [-- --out CARPETA]   copia de la base y los documentos (por defecto en ./backups)
  npm run restore -- ARCHIVO          restaura una copia en una base y un DATA_DIR vacíos`;

/** 2026-11-22T04:05:06Z → 20261122-040506 (UTC), for the archive's name. */
const stamp = (date: Date) => date.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/**
 * `npm run backup` / `npm run restore`: the same DATA_DIR / DATABASE_URL as the server. With PGlite
 * the server must be stopped (one owner per directory); with PostgreSQL it may keep running.
 */
async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore') {
    console.error(USAGE);
    return 2;
  }
  const outIndex = args.indexOf('--out');
  const file = command === 'restore' ? args.find((arg) => !arg.startsWith('--')) : undefined;
  if (command === 'restore' && !file) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    if (command === 'backup') {
      const directory = path.resolve(outIndex >= 0 ? (args[outIndex + 1] ?? 'backups') : 'backups');
      const target = path.join(directory, `cobranzas-${database.kind}-${stamp(new Date())}.tar.gz`);
      const manifest = await backup(database, config.dataDir, target);
      const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
      console.log(`Copia escrita en ${target} (${rows.toLocaleString('es-AR')} filas).`);
    } else {
      await database.migrate();
      const manifest = await restore(database, config.dataDir, path.resolve(file as string));
      console.log(
        `Copia del ${manifest.createdAt} restaurada (${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite en ${config.dataDir}`}).`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known = error instanceof RestoreError || error instanceof DatabaseInUseError;
    console.error(
      error instanceof ConfigError
        ? `Error de configuración: ${error.message}`
        : known
          ? (error as Error).message
          : `La operación falló: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  },
);

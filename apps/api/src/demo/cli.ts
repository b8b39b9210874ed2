import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { createDatabase } from '../db/client';
import { seed } from '../db/seed';
import { parseArgs, runDemo } from './run';

/**
 * `npm run demo`: the same DATA_DIR / DATABASE_URL as the server, migrated and seeded, then the
 * demo portfolio, then the sample import run through the app built here (no port: app.inject, and
 * the app's own job runner). With PGlite, stop the server first: one PGlite directory has one owner.
 */
async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (typeof options === 'string') {
    console.error(options);
    process.exitCode = 1;
    return;
  }
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    console.log(
      `Base de datos: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.dataDir}`}`,
    );
    await database.migrate();
    await seed(database.db, config, (line) => console.log(line));
    // Quiet: the demo prints its own summary. Ready = the job runner started (the import's job).
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      await runDemo(database.db, options, (line) => console.log(line), app);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError
      ? `Error de configuración: ${error.message}`
      : `No se pudo cargar la demo: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
});

import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase, type Database } from './db/client';
import { DatabaseInUseError } from './db/pglite/lock';
import { seed } from './db/seed';
import type { RunnerOptions } from './jobs';
import type { ImportsOptions } from './modules/imports';

export interface ServeOptions {
  /** The job runner's pace (defaults: jobs/runner.ts). */
  jobs?: RunnerOptions;
  /** The portfolio import's options (defaults: modules/imports/job.ts). */
  imports?: ImportsOptions;
  /** Runs on the built app before it listens (another entry file may add what it needs). */
  setup?: (app: FastifyInstance, database: Database) => void | Promise<void>;
}

/**
 * The server process: configuration from the environment, the database migrated and seeded, the
 * app listening, and the signals that close it in order. `server.ts` (`npm start`) calls it as is.
 */
export async function serve(options: ServeOptions = {}) {
  try {
    await main(options);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Error de configuración: ${error.message}`);
    } else if (error instanceof DatabaseInUseError) {
      console.error(error.message);
    } else {
      console.error('No se pudo iniciar el servidor:', error);
    }
    process.exit(1);
  }
}

async function main(options: ServeOptions) {
  const config = loadConfig();
  const database = await createDatabase(config);
  await database.migrate();
  await seed(database.db, config, (line) => process.stdout.write(`${line}\n`));
  const app = await buildApp({ config, database, jobs: options.jobs, imports: options.imports });
  await options.setup?.(app, database);

  // First signal: stop accepting, let in-flight requests finish, give running jobs back to the
  // queue, close the database, exit 0. A second one while that runs: exit at once (an operator
  // who insists, or a stuck client).
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} recibido otra vez: salida inmediata`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal} recibido: se dejan de aceptar pedidos y se terminan los que están en curso`);
    try {
      await app.close();
      await database.close();
      app.log.info('cierre ordenado completo');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'el cierre falló');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`Cobranzas disponible en http://${host}:${port} (base de datos: ${database.kind})`);
}

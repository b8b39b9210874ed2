import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/client';
import { seed } from './db/seed';

async function main() {
  const config = loadConfig();
  const database = await createDatabase(config);
  await database.migrate();
  await seed(database.db, config, (line) => process.stdout.write(`${line}\n`));
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} recibido: cerrando`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`Cobranzas disponible en http://${host}:${port} (base de datos: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Error de configuración: ${error.message}`);
  } else {
    console.error('No se pudo iniciar el servidor:', error);
  }
  process.exit(1);
});

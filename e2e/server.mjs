// The server the browser tests drive: the real product on a fresh, throw-away data directory, with
// Mercado Pago played by the local server that answers as its documented API (apps/api/test/fakes).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { ensureWebBuilt, startServer } from '../scripts/lib.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'cobranzas-e2e-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const port = process.env.E2E_PORT ?? '3123';

ensureWebBuilt();
register();
const { startFakeMercadoPago } = await import('../apps/api/test/fakes/mercadoPago.ts');
const gateway = await startFakeMercadoPago({ accessToken: 'TEST-e2e', webhookSecret: 'e2e-webhook-secret' });
startServer({
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ADMIN_ALIAS: 'admin',
  ADMIN_PASSWORD: 'Admin-e2e-2023',
  JWT_SECRET: 'e2e-only-secret-not-for-production-0123456789',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  MERCADOPAGO_ACCESS_TOKEN: gateway.accessToken,
  MERCADOPAGO_WEBHOOK_SECRET: gateway.webhookSecret,
  MERCADOPAGO_API_URL: gateway.url,
});

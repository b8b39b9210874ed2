// The server the browser tests drive: the real product on a fresh, throw-away data directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureWebBuilt, startServer } from '../scripts/lib.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'cobranzas-e2e-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

ensureWebBuilt();
startServer({
  PORT: process.env.E2E_PORT ?? '3123',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ADMIN_ALIAS: 'admin',
  ADMIN_PASSWORD: 'Admin-e2e-2023',
  JWT_SECRET: 'e2e-only-secret-not-for-production-0123456789',
});

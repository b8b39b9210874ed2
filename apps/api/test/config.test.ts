import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cobranzas-config-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('configuration from the environment (DESIGN.md §4)', () => {
  it('defaults: port 3000, host 127.0.0.1, PGlite, 15-minute tokens, alias admin, web dist of apps/web', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      tokenTtlMinutes: 15,
      adminAlias: 'admin',
      adminPassword: null,
    });
    expect(config.webDist).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('TRUST_PROXY: off by default; true, or addresses/CIDRs; anything else is refused in Spanish', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'cualquiera' })).toThrow(
      new ConfigError(
        'TRUST_PROXY debe ser true, false o direcciones IP/CIDR separadas por comas (se recibió "cualquiera").',
      ),
    );
  });

  it('DATA_DIR defaults to ./data under the working directory', () => {
    const dir = tempDir();
    const cwd = process.cwd();
    try {
      process.chdir(dir);
      expect(loadConfig({}).dataDir).toBe(path.join(dir, 'data'));
    } finally {
      process.chdir(cwd);
    }
  });

  it('without JWT_SECRET, generates one in DATA_DIR/jwt-secret (mode 0600) and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    const file = path.join(dir, 'jwt-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '3100',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/cobranzas',
      DATABASE_POOL_SIZE: '8',
      DATA_DIR: tempDir(),
      JWT_SECRET: 's'.repeat(40),
      TOKEN_TTL_MINUTES: '30',
      ADMIN_ALIAS: 'jefa',
      ADMIN_PASSWORD: 'secreto123',
      WEB_DIST: '/srv/web',
    });
    expect(config).toMatchObject({
      port: 3100,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/cobranzas',
      databasePoolSize: 8,
      jwtSecret: 's'.repeat(40),
      tokenTtlMinutes: 30,
      adminAlias: 'jefa',
      adminPassword: 'secreto123',
      webDist: '/srv/web',
    });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ TOKEN_TTL_MINUTES: '0' }, /TOKEN_TTL_MINUTES/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE/],
    [{ JWT_SECRET: 'corto' }, /JWT_SECRET debe tener al menos 32 caracteres/],
    [{ ADMIN_PASSWORD: 'corta' }, /ADMIN_PASSWORD/],
    [{ ADMIN_ALIAS: 'con espacio' }, /ADMIN_ALIAS/],
  ])('invalid %j → a Spanish ConfigError', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(message);
  });
});

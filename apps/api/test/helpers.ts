import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cuitCheckDigit, type UserTypeName } from '@cobranzas/shared';
import type { FastifyInstance, FastifyServerOptions, InjectOptions } from 'fastify';
import pg from 'pg';
import { describe } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createDatabase, type Database } from '../src/db/client';
import { seed } from '../src/db/seed';
import type { RunnerOptions } from '../src/jobs';
import type { ImportsOptions } from '../src/modules/imports';
import type { StrategiesOptions } from '../src/modules/strategies';

export const ADMIN_ALIAS = 'admin';
export const ADMIN_PASSWORD = 'clave-admin-123';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type BackendName = 'pglite' | 'postgres';
export interface Backend {
  name: BackendName;
  available: boolean;
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const pgUp = await postgresReachable();
if (!pgUp) {
  const notice = `PostgreSQL no responde en ${TEST_DATABASE_URL}`;
  // On CI the PostgreSQL run is part of the proof: its absence is a failure, not a skip.
  if (process.env.CI === 'true')
    throw new Error(`${notice} y CI=true: las pruebas sobre PostgreSQL son obligatorias.`);
  console.warn(`[api tests] ${notice}: se omiten las pruebas sobre PostgreSQL (defina TEST_DATABASE_URL).`);
}

export const backends: Backend[] = [
  { name: 'pglite', available: true },
  { name: 'postgres', available: pgUp },
];

/** Runs the same suite on each database engine; an unreachable PostgreSQL shows as skipped. */
export function forEachBackend(title: string, suite: (backend: BackendName) => void) {
  for (const backend of backends) {
    describe.skipIf(!backend.available)(`${title} [${backend.name}]`, () => suite(backend.name));
  }
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

/** A fresh database (in-memory PGlite, or a new PostgreSQL database), migrated and seeded. */
export interface StartOptions {
  /** Extra environment for loadConfig (e.g. WEB_DIST). */
  env?: NodeJS.ProcessEnv;
  logger?: FastifyServerOptions['logger'];
  /** Receives the seed's announcement line (the generated admin password). */
  announce?: (line: string) => void;
  /** false: migrated but empty (no first ADMIN), as a restore needs it. */
  seed?: boolean;
  /** The job runner's options (tests shorten its timings). */
  jobs?: RunnerOptions;
  /** The portfolio import's options (a smaller batch). */
  imports?: ImportsOptions;
  /** Strategies' options; by default no trigger tick (a test calls scheduleStrategies itself). */
  strategies?: StrategiesOptions;
  /** Runs on the new, empty database before the migrations (a migration test brings an old schema). */
  beforeMigrate?: (database: Database) => Promise<void>;
}

export async function startApp(backend: BackendName, options: StartOptions = {}): Promise<TestApp> {
  const {
    env = {},
    logger = false,
    announce = () => {},
    seed: withSeed = true,
    jobs,
    imports,
    strategies = { tickMs: 0 },
    beforeMigrate,
  } = options;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cobranzas-api-'));
  let config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_ALIAS,
    ADMIN_PASSWORD,
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
    ...env,
  });
  let dropDatabase = async () => {};
  if (backend === 'postgres') {
    const name = `cobranzas_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    config = { ...config, databaseUrl: url.toString() };
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  }
  const database = await createDatabase(config, { memory: true });
  await beforeMigrate?.(database);
  await database.migrate();
  if (withSeed) await seed(database.db, config, announce);
  const app = await buildApp({ config, database, logger, jobs, imports, strategies });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** app.inject with an optional Bearer token; the JSON body parsed. */
export async function call(app: FastifyInstance, token: string | null, options: InjectOptions) {
  const headers = { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await app.inject({ ...options, headers });
  let body: unknown;
  try {
    body = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    body = response.body;
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response fields
  return { status: response.statusCode, headers: response.headers, body: body as any };
}

export async function login(app: FastifyInstance, alias: string, password: string) {
  return call(app, null, { method: 'POST', url: '/api/login', payload: { alias, password } });
}

export async function tokenFor(app: FastifyInstance, alias: string, password: string): Promise<string> {
  const response = await login(app, alias, password);
  if (response.status !== 200)
    throw new Error(`login ${alias} → ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.access_token;
}

let sequence = 0;
const cuitBase = 10_000_000 + Math.floor(Math.random() * 80_000_000);

/** A unique, valid CUIT (the check digit computed with shared's validator). */
export function makeCuit(prefix = '30'): string {
  for (;;) {
    const firstTen = `${prefix}${cuitBase + ++sequence}`;
    const check = cuitCheckDigit(firstTen);
    if (check !== null) return `${firstTen}${check}`;
  }
}

export const unique = (prefix: string) => `${prefix}${++sequence}${randomBytes(2).toString('hex')}`;

export async function createCompany(
  app: FastifyInstance,
  adminToken: string,
  fields: Record<string, unknown> = {},
) {
  const response = await call(app, adminToken, {
    method: 'POST',
    url: '/api/companies',
    payload: { name: unique('Compañía '), cuit: makeCuit(), ...fields },
  });
  if (response.status !== 201)
    throw new Error(`company → ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: number; name: string; cuit: string };
}

const TYPE_IDS: Record<UserTypeName, number> = { ADMIN: 1, GENERAL: 2, CLIENTE: 3 };

/** Creates a user of that role through the API (a company for CLIENTE) and signs it in. */
export async function createUser(app: FastifyInstance, adminToken: string, role: UserTypeName) {
  const alias = unique(role.toLowerCase());
  const password = 'clave-segura-1';
  const companyId = role === 'CLIENTE' ? (await createCompany(app, adminToken)).id : null;
  const response = await call(app, adminToken, {
    method: 'POST',
    url: '/api/users',
    payload: { name: `Usuario ${alias}`, alias, password, userTypeId: TYPE_IDS[role], companyId },
  });
  if (response.status !== 201) throw new Error(`user → ${response.status} ${JSON.stringify(response.body)}`);
  return {
    id: response.body.id as number,
    alias,
    password,
    companyId,
    token: await tokenFor(app, alias, password),
  };
}

/** An HS256 JWT signed by hand, to test tokens the server would never issue (e.g. already expired). */
export function signToken(payload: Record<string, unknown>, secret: string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

export function decodeToken(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

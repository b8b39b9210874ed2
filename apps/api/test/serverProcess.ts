import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_ALIAS, ADMIN_PASSWORD, type BackendName, startApp, type TestApp } from './helpers';

const SERVER = new URL('../src/server.ts', import.meta.url).pathname;

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  exited: Promise<number | null>;
  dataDir: string;
  /** SIGKILL (if still running) and remove its data directory (unless the caller gave it). */
  dispose(): void;
}

/**
 * The real server (`npm start`'s entry, or another `entry` file that calls the same serve()) as a
 * child process on a free port: PGlite in a fresh directory unless `env` names a DATABASE_URL (or a
 * DATA_DIR to reuse). Resolves once it listens.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  entry: string = SERVER,
): Promise<ServerProcess> {
  const owned = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'cobranzas-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      JWT_SECRET: 'process-test-secret-process-test-secret-0123456789',
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const dispose = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (owned) rmSync(dataDir, { recursive: true, force: true });
  };
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /disponible en http:\/\/[^:]+:(\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.once('exit', (code) =>
        reject(new Error(`el servidor terminó (${code}) antes de escuchar: ${out}`)),
      );
    });
    return { child, port, base: `http://127.0.0.1:${port}`, dataDir, exited, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}

/**
 * The real server on `backend` (PGlite in a fresh directory, or a fresh PostgreSQL database) with
 * the first ADMIN's token; `close` kills it and drops the database.
 */
export async function serverWithAdmin(
  backend: BackendName,
): Promise<{ server: ServerProcess; token: string; close(): Promise<void> }> {
  const env: Record<string, string> = { ADMIN_PASSWORD };
  let database: TestApp | undefined;
  if (backend === 'postgres') {
    database = await startApp('postgres');
    await database.app.close();
    env.DATABASE_URL = database.config.databaseUrl ?? '';
  }
  const server = await startServerProcess(env);
  const login = await fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ alias: ADMIN_ALIAS, password: ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  return {
    server,
    token,
    async close() {
      server.dispose();
      await database?.close();
    },
  };
}

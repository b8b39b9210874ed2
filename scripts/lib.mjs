// Helpers shared by the root scripts (start, test, e2e server): build the web app when needed, run commands.
import '../apps/api/src/requireNode24.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const WEB_DIST_INDEX = join(ROOT, 'apps/web/dist/index.html');
const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/pagar',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

/** @param {string} path @returns {number} */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when apps/web/dist is missing or older than any of its sources. */
export function webBuildIsStale() {
  if (!existsSync(WEB_DIST_INDEX)) return true;
  const built = statSync(WEB_DIST_INDEX).mtimeMs;
  return WEB_INPUTS.some((input) => newestMtime(join(ROOT, input)) > built);
}

/**
 * Runs a command in the repo root with inherited output; exits the process when it fails.
 * @param {string} command @param {string[]} args @param {import('node:child_process').SpawnSyncOptions} [options]
 */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✗ Falló: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

export function ensureWebBuilt() {
  if (webBuildIsStale()) {
    console.log('Construyendo la aplicación web (apps/web/dist)…');
    run('npm', ['run', 'build', '--silent']);
  }
}

/**
 * Starts the API server (TypeScript through tsx) and forwards termination signals to it.
 * @param {Record<string, string>} [env]
 */
export function startServer(env = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
    process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}

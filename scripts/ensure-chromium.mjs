// The browser tests drive Debian's Chromium: install it when missing and we are root, else say how.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Falta Chromium en ${CHROMIUM}. Instálelo con: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Instalando Chromium de Debian (apt-get install -y chromium)…');
  /** @type {import('node:child_process').SpawnSyncOptions} */
  const opts = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  spawnSync('apt-get', ['update', '-qq'], opts);
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], opts);
  if (install.status !== 0 || !existsSync(CHROMIUM)) {
    console.error('No se pudo instalar Chromium. Ejecute: apt-get install -y chromium');
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();

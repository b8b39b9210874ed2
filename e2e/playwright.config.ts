import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3123);
export const baseURL = `http://127.0.0.1:${port}`;

/** Browser tests: the real server on a fresh database, in Debian's headless Chromium (no downloads here). */
export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  // CI shares two cores between the server, two browsers and the test runner: allow it more time.
  // At a load average of 12 a lazy page stayed on «Cargando…» past 10 s (two failures in 139).
  timeout: process.env.CI ? 90_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  use: {
    baseURL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    viewport: { width: 1366, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node e2e/server.mjs',
    cwd: '..',
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

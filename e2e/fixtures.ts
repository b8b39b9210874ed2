import { createHmac } from 'node:crypto';
import { agencyToday } from '@cobranzas/shared';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_JWT_SECRET, type Role, USERS } from './users';

export { expect };

const tokens = new Map<Role, { token: string; at: number }>();

/**
 * A token of that role from the real API (not the form). Reused within a worker for a minute so a
 * hundred tests do not look like a password-guessing attack to the login rate limit.
 */
export async function apiToken(page: Page, role: Role): Promise<string> {
  const cached = tokens.get(role);
  if (cached && Date.now() - cached.at < 60_000) return cached.token;
  const res = await page.request.post('/api/login', {
    data: { alias: USERS[role].alias, password: USERS[role].password },
  });
  expect(res.status()).toBe(200);
  const token = (await res.json()).access_token as string;
  tokens.set(role, { token, at: Date.now() });
  return token;
}

export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

/** An HS256 token the server will recognise as its own but expired (for 'Token is Expired'). */
export function expiredToken(payload: Record<string, unknown>): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...payload, iat: now - 3600, exp: now - 60 })}`;
  return `${body}.${createHmac('sha256', E2E_JWT_SECRET).update(body).digest('base64url')}`;
}

export const storage = {
  get: (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key),
  set: (page: Page, key: string, value: string) =>
    page.evaluate(([k, v]) => window.localStorage.setItem(k as string, v as string), [key, value]),
};

/** Signs in the way a person does: the login form. */
export async function loginWithForm(page: Page, role: Role) {
  await page.goto('/login');
  await page.getByLabel('usuario', { exact: true }).fill(USERS[role].alias);
  await page.getByLabel('Contraseña', { exact: true }).fill(USERS[role].password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

type Fixtures = {
  /** Puts a fresh token of that role in localStorage, then opens `path` (default '/'). */
  signIn: (role: Role, path?: string) => Promise<string>;
};

export const test = base.extend<Fixtures>({
  signIn: async ({ page }, use) => {
    await use(async (role, path = '/') => {
      const token = await apiToken(page, role);
      await page.goto('/login');
      await storage.set(page, 'token', token);
      await page.goto(path);
      return token;
    });
  },
});

/** A name no other test uses (tests share one server and database). */
/**
 * Confirms the open «Confirmar eliminación» dialog and waits until it is gone: the next delete must
 * not reach for a dialog still closing (under CI load that click was lost).
 */
export async function confirmDelete(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Confirmar eliminación' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(dialog).toHaveCount(0);
}

export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A valid CUIT (check digit computed as AFIP does) not used by any other test run. */
export function uniqueCuit(type = '30'): string {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    const body = `${type}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (weights[i] ?? 0), 0);
    const check = 11 - (sum % 11);
    if (check === 10) continue;
    return `${body}${check === 11 ? 0 : check}`;
  }
}

/** An 8-digit DNI unlikely to repeat across tests. */
export function uniqueDni(): string {
  return String(20_000_000 + Math.floor(Math.random() * 70_000_000));
}

/** Calls the API as that role (for test data the screen under test does not create). */
export async function apiCall<T = Record<string, unknown>>(
  page: Page,
  role: Role,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const token = await apiToken(page, role);
  const res = await page.request.fetch(`/api${path}`, {
    method,
    data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), `${method} ${path} → ${res.status()}`).toBe(true);
  return (res.status() === 204 ? {} : await res.json()) as T;
}

/** YYYY-MM-DD `days` before today at the agency. */
export function daysAgo(days: number): string {
  const day = new Date(`${agencyToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

/** dd/mm/aaaa of a YYYY-MM-DD, as the screens show it. */
export const esDate = (iso: string) => iso.split('-').reverse().join('/');

/** A new debtor's debt for Frávega S.A. (the company global-setup creates), with these fields. */
export async function fravegaDebt(page: Page, firstName: string, fields: Record<string, unknown>) {
  const companies = await apiCall<{ data: { id: number; name: string }[] }>(
    page,
    'ADMIN',
    'GET',
    '/companies?q=Fr%C3%A1vega',
  );
  const company = companies.data.find((c) => c.name === 'Frávega S.A.');
  const debtor = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
    dni: uniqueDni(),
    firstName,
    lastName: unique(firstName === 'Rosa' ? 'Intereses' : 'Importe'),
  });
  return apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
    debtorId: debtor.id,
    companyId: company?.id,
    ...fields,
  });
}

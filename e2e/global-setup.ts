import type { FullConfig } from '@playwright/test';
import { USERS } from './users';

async function call(baseURL: string, path: string, init: RequestInit & { token?: string } = {}) {
  const res = await fetch(`${baseURL}/api${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Creates a client company and the GENERAL and CLIENTE users through the real API, as an ADMIN would. */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL as string;
  const { access_token: token } = await call(baseURL, '/login', {
    method: 'POST',
    body: JSON.stringify(USERS.ADMIN),
  });
  const company = await call(baseURL, '/companies', {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Frávega S.A.', cuit: '30-50001091-2', email: 'cobranzas@fravega.example' }),
  });
  await call(baseURL, '/users', {
    method: 'POST',
    token,
    body: JSON.stringify({ ...USERS.GENERAL, userTypeId: 2, email: 'gabriela@agencia.example' }),
  });
  await call(baseURL, '/users', {
    method: 'POST',
    token,
    body: JSON.stringify({ ...USERS.CLIENTE, userTypeId: 3, companyId: company.id }),
  });
}

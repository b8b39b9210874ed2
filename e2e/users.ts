/** The accounts the browser tests use; global-setup creates them on the fresh database. */
export const USERS = {
  ADMIN: { alias: 'admin', password: 'Admin-e2e-2023' },
  GENERAL: { alias: 'general', password: 'General-e2e-2023', name: 'Gabriela Gómez' },
  CLIENTE: { alias: 'cliente', password: 'Cliente-e2e-2023', name: 'Carlos Pérez' },
} as const;
export type Role = keyof typeof USERS;

/** Must match JWT_SECRET in e2e/server.mjs: lets a test mint an expired token the server rejects as such. */
export const E2E_JWT_SECRET = 'e2e-only-secret-not-for-production-0123456789';

import type { UserTypeName } from '@cobranzas/shared';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned JWT with the DESIGN.md §5 payload; the web only decodes it. */
export function makeToken(
  options: { type?: UserTypeName; name?: string; expiresInSeconds?: number; sub?: number } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: options.sub ?? 1,
    name: options.name ?? 'Ana Pérez',
    alias: 'ana',
    type: options.type ?? 'ADMIN',
    companyId: null,
    iat: now,
    exp: now + (options.expiresInSeconds ?? 900),
  };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.firma`;
}

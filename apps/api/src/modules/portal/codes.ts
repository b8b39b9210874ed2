import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { normalizeDni, normalizeShortCode, SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '@cobranzas/shared';

/**
 * The portal's secrets (DESIGN.md §11.3): random codes and tokens, kept only as HMAC-SHA256 under a
 * key derived from the server's JWT secret. A plain hash would do for the 256-bit tokens, not for the
 * short code (≈ 49 bits: a stolen table could be searched); with the key, the table alone opens nothing.
 */
export interface PortalKeys {
  /** The HMAC of a code, a token or a DNI (hex, 64 characters). */
  hash(value: string): string;
}

export function portalKeys(jwtSecret: string): PortalKeys {
  const key = createHmac('sha256', jwtSecret).update('cobranzas/portal/v1').digest();
  return { hash: (value) => createHmac('sha256', key).update(value, 'utf8').digest('hex') };
}

/** 32 random bytes, base64url: the link's token and a session's token (256 bits). */
export const newToken = () => randomBytes(32).toString('base64url');

/** A short code for letters: SHORT_CODE_LENGTH characters of SHORT_CODE_ALPHABET, uniformly. */
export function newShortCode(): string {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++)
    code += SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)];
  return code;
}

/** A link's token is 43 characters; anything shorter a debtor typed is a short code. */
export const isLinkToken = (typed: string) => /^[A-Za-z0-9_-]{43}$/.test(typed);

/** What a typed code is looked up by: the token as it is, a short code normalized. */
export const codeKey = (typed: string) => (isLinkToken(typed) ? typed : normalizeShortCode(typed));

/**
 * Whether the DNI typed is the debtor's, comparing HMACs in constant time. With no debtor (an unknown
 * code) it compares against a value no DNI has, doing the same work: both answers take as long.
 */
export function sameDni(keys: PortalKeys, typed: string, stored: string | null): boolean {
  const given = Buffer.from(keys.hash(`dni:${normalizeDni(typed)}`), 'hex');
  const expected = Buffer.from(keys.hash(stored === null ? 'dni:-' : `dni:${stored}`), 'hex');
  return timingSafeEqual(given, expected) && stored !== null;
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorCode } from './errors';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; null → embedded PGlite under dataDir. */
  databaseUrl: string | null;
  /** PostgreSQL connections per process (DATABASE_POOL_SIZE, default DEFAULT_DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  dataDir: string;
  jwtSecret: string;
  tokenTtlMinutes: number;
  adminAlias: string;
  /** Password of the first ADMIN, used only when no user exists; null → a random one. */
  adminPassword: string | null;
  webDist: string;
  /** Coarse per-address limit on POST /api/login, on top of the per-alias throttle. */
  loginRateLimitPerMinute: number;
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (Fastify's trustProxy):
   * false (none: the default, so nobody can spoof an address), true (any), or addresses/CIDRs.
   */
  trustProxy: boolean | string;
  /** The address debtors open (PUBLIC_URL): the portal's links start with it. */
  publicUrl: string;
  /** Per-address limit on entering the portal (POST /api/portal/session), besides the per-code one. */
  portalRateLimitPerMinute: number;
  /** Mercado Pago Checkout Pro for the portal's payments; null: bank transfer instructions only. */
  mercadoPago: MercadoPagoConfig | null;
  /** SMTP_PASSWORD: the SMTP server's password (its host, user and sender are agency settings). */
  smtpPassword: string | null;
  /** WhatsApp Cloud API for strategies' messages; null: not configured (the action is refused). */
  whatsapp: WhatsAppConfig | null;
}

export interface WhatsAppConfig {
  /** WHATSAPP_TOKEN: the access token (Bearer). */
  token: string;
  /** WHATSAPP_PHONE_NUMBER_ID: the sending number's id at the provider. */
  phoneNumberId: string;
  /** WHATSAPP_API_URL: the Graph API's base with its version, unless a test server stands in for it. */
  apiUrl: string;
}

/** Meta's Graph API, versioned: WHATSAPP_API_URL overrides it (another version, a test server). */
export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v23.0';

function whatsappFrom(env: NodeJS.ProcessEnv): WhatsAppConfig | null {
  const token = env.WHATSAPP_TOKEN?.trim() ?? '';
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID?.trim() ?? '';
  if (!token && !phoneNumberId) return null;
  if (!token || !/^\d{5,30}$/.test(phoneNumberId))
    throw new ConfigError(
      'Para enviar WhatsApp se necesitan WHATSAPP_TOKEN y WHATSAPP_PHONE_NUMBER_ID (el número, en dígitos).',
    );
  const apiUrl = (env.WHATSAPP_API_URL?.trim() || DEFAULT_WHATSAPP_API_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(apiUrl))
    throw new ConfigError(`WHATSAPP_API_URL debe ser una dirección http(s) (se recibió "${apiUrl}").`);
  return { token, phoneNumberId, apiUrl };
}

export interface MercadoPagoConfig {
  /** MERCADOPAGO_ACCESS_TOKEN: the account's private token (Bearer). */
  accessToken: string;
  /** MERCADOPAGO_WEBHOOK_SECRET: the secret that signs its notifications (x-signature). */
  webhookSecret: string;
  /** MERCADOPAGO_API_URL: https://api.mercadopago.com unless a test server stands in for it. */
  apiUrl: string;
}

/** Both secrets or neither (then the portal offers bank transfers); the API URL must be http(s). */
function mercadoPagoFrom(env: NodeJS.ProcessEnv): MercadoPagoConfig | null {
  const accessToken = env.MERCADOPAGO_ACCESS_TOKEN?.trim() ?? '';
  const webhookSecret = env.MERCADOPAGO_WEBHOOK_SECRET?.trim() ?? '';
  if (!accessToken && !webhookSecret) return null;
  if (!accessToken || !webhookSecret)
    throw new ConfigError(
      'Para cobrar con Mercado Pago se necesitan MERCADOPAGO_ACCESS_TOKEN y MERCADOPAGO_WEBHOOK_SECRET (falta uno).',
    );
  const apiUrl = (env.MERCADOPAGO_API_URL?.trim() || 'https://api.mercadopago.com').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(apiUrl))
    throw new ConfigError(`MERCADOPAGO_API_URL debe ser una dirección http(s) (se recibió "${apiUrl}").`);
  return { accessToken, webhookSecret, apiUrl };
}

/** PUBLIC_URL: http(s)://host[:port][/path], without a trailing slash; default http://localhost:PORT. */
function publicUrlFrom(raw: string | undefined, port: number): string {
  const value = raw?.trim().replace(/\/+$/, '') ?? '';
  if (value === '') return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`PUBLIC_URL debe ser una dirección http:// o https:// (se recibió "${value}").`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash)
    throw new ConfigError(`PUBLIC_URL debe ser una dirección http:// o https:// (se recibió "${value}").`);
  return value;
}

/** TRUST_PROXY: unset/false → false, true, or a comma-separated list of addresses/CIDRs. */
function trustProxyFrom(raw: string | undefined): boolean | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*$/.test(value)) return value;
  throw new ConfigError(
    `TRUST_PROXY debe ser true, false o direcciones IP/CIDR separadas por comas (se recibió "${value}").`,
  );
}

/** A configuration problem, reported in Spanish before the server starts. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Connections each API process opens to PostgreSQL. Few: on the bench's 2 cores, 4 instead of 10 took
 * the queue's p99 from 130–150 ms to 75–96 and the DNI lookup's from 94 to 77 (docs/decisions.md
 * «Pocas conexiones»): past the cores, more backends only share the CPU and lengthen the tail.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 4;

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const ALIAS_PATTERN = /^[A-Za-z0-9._@-]{1,50}$/;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} debe ser un número entero entre ${min} y ${max} (se recibió "${raw}").`);
  }
  return value;
}

/** JWT_SECRET, or one generated once and kept in DATA_DIR/jwt-secret so tokens survive restarts. */
function jwtSecretFrom(env: NodeJS.ProcessEnv, dataDir: string): string {
  const given = env.JWT_SECRET?.trim();
  if (given) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET debe tener al menos 32 caracteres.');
    return given;
  }
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length < 32) throw new ConfigError(`El secreto JWT guardado en ${file} es inválido: bórrelo.`);
    return stored;
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': if another process wrote it first, use theirs.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw new ConfigError(
      `No se pudo guardar el secreto JWT en ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL debe comenzar con postgres:// o postgresql://.');
  }
  const adminAlias = env.ADMIN_ALIAS?.trim() || 'admin';
  if (!ALIAS_PATTERN.test(adminAlias)) {
    throw new ConfigError('ADMIN_ALIAS solo puede tener letras, números y los signos . _ - @ (hasta 50).');
  }
  const adminPassword = env.ADMIN_PASSWORD?.trim() || null;
  if (adminPassword && (adminPassword.length < 8 || adminPassword.length > 128)) {
    throw new ConfigError('ADMIN_PASSWORD debe tener entre 8 y 128 caracteres.');
  }
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const tokenTtlMinutes = integer(env, 'TOKEN_TTL_MINUTES', 15, 1, 24 * 60);
  const loginRateLimitPerMinute = integer(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 100, 1, 100_000);
  const databasePoolSize = integer(env, 'DATABASE_POOL_SIZE', DEFAULT_DATABASE_POOL_SIZE, 1, 200);
  const publicUrl = publicUrlFrom(env.PUBLIC_URL, port);
  const mercadoPago = mercadoPagoFrom(env);
  const portalRateLimitPerMinute = integer(env, 'PORTAL_RATE_LIMIT_PER_MINUTE', 30, 1, 100_000);
  const dataDir = path.resolve(process.cwd(), env.DATA_DIR?.trim() || './data');
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    databaseUrl,
    databasePoolSize,
    dataDir,
    // Last: it may write DATA_DIR/jwt-secret, which must not happen for an invalid configuration.
    jwtSecret: jwtSecretFrom(env, dataDir),
    tokenTtlMinutes,
    adminAlias,
    adminPassword,
    webDist: path.resolve(process.cwd(), env.WEB_DIST?.trim() || DEFAULT_WEB_DIST),
    loginRateLimitPerMinute,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    publicUrl,
    portalRateLimitPerMinute,
    mercadoPago,
    smtpPassword: env.SMTP_PASSWORD || null,
    whatsapp: whatsappFrom(env),
  };
}

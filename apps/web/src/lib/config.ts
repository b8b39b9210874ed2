/** Build-time configuration (DESIGN.md §4), read once from Vite's env. */
const env = import.meta.env;

export const config = {
  /** SPEC's {host} + /api. Empty host → same origin. */
  apiBaseUrl: `${(env.VITE_API_URL ?? '').replace(/\/+$/, '')}/api`,
  contactEmail: env.VITE_CONTACT_EMAIL || 'contacto@cobranzas.com.ar',
  contactPhone: env.VITE_CONTACT_PHONE || '+54 11 4000-0000',
} as const;

/** SPEC §9: local storage keys. */
export const STORAGE_KEYS = { token: 'token', user: 'user', lastLocation: 'lastLocation' } as const;

/** SPEC §9: session refresh interval (2 minutes). */
export const REFRESH_INTERVAL_MS = 120_000;

/** SPEC §9: the sidebar collapses by itself at widths up to and including 768 px. */
export const SMALL_SCREEN_QUERY = '(max-width: 768px)';

/** SPEC §9: toasts close after 5 seconds. */
export const TOAST_AUTO_CLOSE_MS = 5_000;

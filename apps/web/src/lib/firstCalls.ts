/**
 * A signed-in first screen's data, asked for before its code arrives (issue 38). main.tsx starts the
 * calls that the screen's largest paint waits for (the dashboard's figures, the queue, the debt, the
 * Buscador's first page) while the layout's and the page's chunks load; when the page then makes the
 * same GET through lib/api, it takes that answer instead of asking again. Once, and only for a while:
 * a later visit to the screen asks the server as usual.
 *
 * In main's chunk, so plain `fetch` and no imports: /login must not load axios for it.
 */
import type { UserData } from './session';

/** What an early call got, as the axios adapter needs it; null: failed, ask again. */
export interface EarlyAnswer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

/** An answer nobody took in this time is not used: the screen it was for is long gone. */
export const EARLY_ANSWER_MS = 15_000;

/** LIST_DEFAULT_LIMIT of @cobranzas/shared (test/firstCalls.test.ts checks it). */
export const FIRST_PAGE_LIMIT = 25;

const answers = new Map<string, { answer: Promise<EarlyAnswer | null>; at: number }>();

/** The same call whatever the order of its query parameters. */
export function callKey(url: string): string {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.sort();
  const query = parsed.searchParams.toString();
  return query ? `${parsed.pathname}?${query}` : parsed.pathname;
}

/** agencyToday() of @cobranzas/shared (UTC−3), without importing it into main's chunk. */
export const agencyDate = (now: number) => new Date(now - 3 * 3_600_000).toISOString().slice(0, 10);

const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

/**
 * The GETs (under /api) that the screen at `pathname` + `search` makes before its largest paint,
 * for this user. Only screens opened as they come (no list filters in the URL): anything else
 * asks nothing early.
 */
export function firstCalls(pathname: string, search: string, user: UserData, now = Date.now()): string[] {
  const params = new URLSearchParams(search);
  const plain = [...params.keys()].length === 0;
  const firstPage = { page: '1', limit: String(FIRST_PAGE_LIMIT) };
  if (pathname === '/') {
    // A collector's start page is his queue (features/home/pages.tsx).
    if (user.type === 'GENERAL' && params.get('vista') !== 'tablero')
      return plain ? [withQuery('/queue', firstPage)] : [];
    // Only the figures: the tables under them are drawn after them, not with them. A CLIENTE's
    // figures are its company's whatever the URL says.
    const company = user.type === 'CLIENTE' ? null : params.get('company');
    return [
      withQuery('/report/general-kpi', { company, start: params.get('start'), end: params.get('end') }),
    ];
  }
  if (pathname === '/queue' && plain && user.type !== 'CLIENTE') return [withQuery('/queue', firstPage)];
  // The debt, and its balance to date: the file's largest text is that balance's explanation.
  const debt = /^\/debts\/view\/(\d+)$/.exec(pathname);
  if (debt) return [`/debts/${debt[1]}`, withQuery(`/debts/${debt[1]}/balance`, { date: agencyDate(now) })];
  if (pathname === '/debts/search' && plain) return [withQuery('/debts', firstPage)];
  return [];
}

/** Starts the first screen's calls (`base`: the API's, config.apiBaseUrl). */
export function startFirstCalls(
  base: string,
  location: { pathname: string; search: string },
  user: UserData,
  token: string,
  fetchImpl: typeof fetch = fetch,
): void {
  answers.clear();
  for (const path of firstCalls(location.pathname, location.search, user)) {
    const url = `${base}${path}`;
    const answer = fetchImpl(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    })
      .then(async (response) => ({
        status: response.status,
        statusText: response.statusText,
        headers: Object.fromEntries(response.headers),
        body: await response.text(),
      }))
      .catch(() => null);
    answers.set(callKey(url), { answer, at: Date.now() });
  }
}

/**
 * The early answer to GET `url` (as axios builds it, query included), once; undefined when there
 * is none, it was taken already or it is too old.
 */
export function takeEarlyAnswer(url: string, now = Date.now()): Promise<EarlyAnswer | null> | undefined {
  const key = callKey(url);
  const entry = answers.get(key);
  if (!entry) return undefined;
  answers.delete(key);
  return now - entry.at <= EARLY_ANSWER_MS ? entry.answer : undefined;
}

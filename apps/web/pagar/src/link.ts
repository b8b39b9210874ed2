/**
 * The personal link `…/pagar#<token>`: the token is kept in memory only and taken off the address
 * bar at once (history, bookmarks and screenshots never keep it).
 */
export function takeLink(): { link: string | null; broken: boolean } {
  const hash = location.hash.slice(1);
  if (!hash) return { link: null, broken: false };
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return /^[A-Za-z0-9_-]{43}$/.test(hash) ? { link: hash, broken: false } : { link: null, broken: true };
}

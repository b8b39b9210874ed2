/**
 * Lets framework-free code (the axios interceptor, the session) navigate through the router
 * instead of reloading the page. The router registers itself at start-up.
 */
type Navigate = (to: string) => void;

let navigator: Navigate | null = null;

export function setNavigator(navigate: Navigate | null): void {
  navigator = navigate;
}

export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}

/** The browser's current location as one string: pathname + search + hash. */
export function currentLocation(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

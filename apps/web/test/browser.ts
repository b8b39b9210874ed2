/** jsdom lacks matchMedia and ResizeObserver, which Mantine uses. The screen width is settable. */
let viewportWidth = 1366;

/** Answers `(max-width: Npx)` / `(min-width: Npx)` queries against the chosen width. */
function matches(query: string): boolean {
  // Browsers treat an empty query as "all" (mantine-datatable asks it for always-visible columns).
  if (query.trim() === '') return true;
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (max) return viewportWidth <= Number(max[1]);
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (min) return viewportWidth >= Number(min[1]);
  return false;
}

export function setViewportWidth(width: number): void {
  viewportWidth = width;
}

export function installBrowserStubs(): void {
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
  window.scrollTo = () => {};
  // Mantine's autosize Textarea listens for web fonts loading.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
  }
  // mantine-datatable scrolls its viewport back to the top on a page change.
  Element.prototype.scrollTo = () => {};
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.join(import.meta.dirname, '..');
/** The back office (src) and the debtor's portal (pagar/src, whose session token is in sessionStorage). */
const sources = ['src', 'pagar/src'].flatMap((dir) =>
  (readdirSync(path.join(WEB, dir), { recursive: true }) as string[])
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .map((file) => path.join(dir, file)),
);

/**
 * docs/security.md: the token lives in localStorage (SPEC §4), so script injection must have no way
 * in. React escapes what it renders; these are the doors around that, and none may be used.
 */
describe('the web never renders raw HTML', () => {
  it.each([
    ['dangerouslySetInnerHTML', /dangerouslySetInnerHTML/],
    ['innerHTML / outerHTML assignments', /\.(inner|outer)HTML\s*=/],
    ['insertAdjacentHTML', /insertAdjacentHTML/],
    ['document.write', /document\.write/],
    ['eval / new Function', /\beval\(|new Function\(/],
  ])('no %s in apps/web/src and apps/web/pagar/src', (_name, pattern) => {
    const offenders = sources.filter((file) => pattern.test(readFileSync(path.join(WEB, file), 'utf8')));
    expect(sources.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});

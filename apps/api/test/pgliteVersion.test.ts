import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * pglite/worker.mjs runs named reads under PGlite's own two locks, through methods PGlite declares
 * but does not document (its public runExclusive() takes only one of them). A new PGlite may rename
 * or change them without notice: this pins the version and checks what the worker relies on, so an
 * upgrade stops here instead of in production.
 */
const REVIEWED = ['_runExclusiveQuery', '_runExclusiveTransaction'];
const changed = (detail: string) =>
  `PGlite changed: review worker.mjs' use of ${REVIEWED.join(', ')} (${detail})`;

const WORKER = fileURLToPath(new URL('../src/db/pglite/worker.mjs', import.meta.url));
const API_PACKAGE = fileURLToPath(new URL('../package.json', import.meta.url));

const readJson = (file: string): { name?: string; version?: string; dependencies?: Record<string, string> } =>
  JSON.parse(readFileSync(file, 'utf8'));

/** The installed PGlite's package.json (not exported by the package: found above its entry point). */
function installedPackage(): string {
  let directory = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const candidate = path.join(directory, 'package.json');
    if (existsSync(candidate) && readJson(candidate).name === '@electric-sql/pglite') return candidate;
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('No se encontró el package.json de @electric-sql/pglite.');
    directory = parent;
  }
}

describe('PGlite internals used by pglite/worker.mjs', () => {
  it('the installed PGlite is exactly the version apps/api/package.json pins', () => {
    const pinned = readJson(API_PACKAGE).dependencies?.['@electric-sql/pglite'];
    const installed = readJson(installedPackage()).version;
    expect(pinned, changed(`apps/api/package.json must pin an exact version, not "${pinned}"`)).toMatch(
      /^\d+\.\d+\.\d+$/,
    );
    expect(installed, changed(`installed ${installed}, reviewed ${pinned}`)).toBe(pinned);
  });

  it('worker.mjs calls no undocumented PGlite method beyond the reviewed ones', () => {
    const source = readFileSync(WORKER, 'utf8');
    const used = [...new Set(Array.from(source.matchAll(/\.(_\w+)/g), (match) => match[1]))].sort();
    expect(used, changed(`worker.mjs now uses ${used.join(', ')}`)).toEqual(REVIEWED);
  });

  it.each(REVIEWED)('%s is still a method of PGlite', (name) => {
    expect(typeof Reflect.get(PGlite.prototype, name), changed(`${name} is no longer a method`)).toBe(
      'function',
    );
  });

  describe('what the worker relies on them for', () => {
    let db: PGlite;
    beforeAll(async () => {
      db = await PGlite.create();
    });
    afterAll(() => db?.close());

    /** Opens a transaction and holds it until the returned `release` is called. */
    async function holdTransaction() {
      let release = () => {};
      let opened = () => {};
      const begun = new Promise<void>((resolve) => {
        opened = resolve;
      });
      const done = db.transaction(
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
            opened();
          }),
      );
      await begun;
      return { release, done };
    }
    const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

    it('a named read (both locks, as worker.mjs takes them) waits for an open transaction to end', async () => {
      const { release, done } = await holdTransaction();
      let ran = false;
      const read = db._runExclusiveTransaction(() =>
        db._runExclusiveQuery(async () => {
          ran = true;
        }),
      );
      await tick();
      expect(ran, changed('the transaction lock no longer covers an open transaction')).toBe(false);
      release();
      await done;
      await read;
      expect(ran).toBe(true);
    });

    it('the public runExclusive() does not wait for one (which is why the worker does not use it)', async () => {
      const { release, done } = await holdTransaction();
      let ran = false;
      await Promise.race([
        db.runExclusive(async () => {
          ran = true;
        }),
        tick(),
      ]);
      release();
      await done;
      expect(
        ran,
        "PGlite's runExclusive() now waits for open transactions: worker.mjs may use it instead of " +
          REVIEWED.join(' and '),
      ).toBe(true);
    });
  });
});

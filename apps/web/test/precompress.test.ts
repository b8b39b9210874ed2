import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { precompress } from '../vite/precompress';

const dist = mkdtempSync(path.join(tmpdir(), 'cobranzas-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

it('the build leaves a brotli and a gzip copy of each text file over 1 KiB, and none of the rest', async () => {
  mkdirSync(path.join(dist, 'assets'));
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `fila ${i}`))};`;
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), script);
  writeFileSync(path.join(dist, 'terminos.html'), `<p>${'Términos. '.repeat(200)}</p>`);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'logo.png'), Buffer.alloc(4096));

  const plugin = precompress();
  const writeBundle = plugin.writeBundle as (options: { dir: string }) => Promise<void>;
  await writeBundle.call({}, { dir: dist });

  const js = path.join(dist, 'assets', 'index-abc.js');
  expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
  expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
  expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 3);
  expect(existsSync(path.join(dist, 'terminos.html.br'))).toBe(true);
  // Too small to gain, and images are compressed already.
  expect(existsSync(path.join(dist, 'index.html.br'))).toBe(false);
  expect(existsSync(path.join(dist, 'assets', 'logo.png.gz'))).toBe(false);
});

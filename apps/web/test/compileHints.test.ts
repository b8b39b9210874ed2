import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../vite/compileHints';

const chunk = (name: string) => ({
  type: 'chunk',
  name,
  fileName: `assets/${name}-x.js`,
  code: 'a();\nb();',
  map: null,
});
const mapOf = (name: string) => ({
  type: 'asset',
  fileName: `assets/${name}-x.js.map`,
  source: JSON.stringify({ version: 3, mappings: 'AAAA;AACA' }),
});

function build(names: string[]) {
  const bundle = {
    'assets/ui-x.js': chunk('ui'),
    'assets/ui-x.js.map': mapOf('ui'),
    'assets/pages-x.js': chunk('pages'),
    'assets/pages-x.js.map': mapOf('pages'),
  } as unknown as Rolldown.OutputBundle;
  const hook = compileHints(names).generateBundle as (
    options: unknown,
    bundle: Rolldown.OutputBundle,
  ) => void;
  hook({}, bundle);
  return bundle as unknown as Record<string, { code?: string; source?: string }>;
}

describe('the chunks every first screen runs are compiled while they download', () => {
  it('those chunks start with the compile hint, and their source map moves down a line', () => {
    const bundle = build(['ui']);
    expect(bundle['assets/ui-x.js']?.code).toBe(`${COMPILE_HINT}a();\nb();`);
    expect(JSON.parse(bundle['assets/ui-x.js.map']?.source ?? '{}').mappings).toBe(';AAAA;AACA');
  });

  it('the others stay as they are: they may never run', () => {
    const bundle = build(['ui']);
    expect(bundle['assets/pages-x.js']?.code).toBe('a();\nb();');
    expect(JSON.parse(bundle['assets/pages-x.js.map']?.source ?? '{}').mappings).toBe('AAAA;AACA');
  });
});

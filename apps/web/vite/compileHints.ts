/**
 * V8's per-file compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136+) on the chunks every
 * signed-in first screen runs as it starts: their functions are compiled on the thread that streams
 * the file, while it downloads, instead of one by one on the main thread as they are first called
 * (≈ 60–70 ms of main thread on the dashboard's first visit here, issue 38).
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHints(names: readonly string[]): Plugin {
  return {
    name: 'cobranzas:compile-hints',
    apply: 'build',
    // After Vite's own changes to the chunks (preload lists), so the map shift is the last one.
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !names.includes(chunk.name)) continue;
        chunk.code = COMPILE_HINT + chunk.code;
        // One line more at the top: the source map's lines move down by one (the map is already
        // its own asset here, with `build.sourcemap`).
        if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        const map = bundle[`${chunk.fileName}.map`];
        if (map?.type === 'asset' && typeof map.source === 'string') {
          const json = JSON.parse(map.source) as { mappings: string };
          map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
        }
      }
    },
  };
}

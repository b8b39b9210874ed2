/**
 * `npm run sample:import`: writes docs/samples/cartera-ejemplo.xlsx, the sample portfolio of the
 * README («Importar una cartera»). The rows come from apps/api/src/demo/sampleImport.ts (a fixed
 * seed: the same rows every time), which the demo imports too.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import {
  SAMPLE_EXPECTED,
  SAMPLE_FILE_NAME,
  SAMPLE_PLANTED,
  sampleWorkbook,
} from '../apps/api/src/demo/sampleImport';

const ROOT = join(import.meta.dirname, '..');
const out = join(ROOT, 'docs/samples', SAMPLE_FILE_NAME);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, await sampleWorkbook());
const rows = Object.entries(SAMPLE_PLANTED)
  .map(([what, row]) => `${what} (fila ${row + 1})`)
  .join(', ');
console.log(`Escrito ${relative(ROOT, out)}: ${SAMPLE_EXPECTED.totalRows} filas; a propósito: ${rows}.`);

// `npm test`: every check, in order of speed — lint, types, unit/component/API tests, then the browser tests.
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureWebBuilt, run } from './lib.mjs';

run('npx', ['biome', 'check', '.']);
run('npm', ['run', 'typecheck', '--silent']);
run('npx', ['vitest', 'run']);
ensureChromium();
ensureWebBuilt();
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
console.log('\n✓ Todas las pruebas pasaron.');

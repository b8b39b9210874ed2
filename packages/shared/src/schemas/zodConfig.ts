import { z } from 'zod';

// Imported before any schema is built (index.ts, list.ts, common.ts): zod's JIT probes for eval when
// the first z.object is made, and in the browser the CSP forbids eval (a violation report on every
// page). The server keeps the compiled (faster) parsers.
if ('window' in globalThis) z.config({ jitless: true });
// Spanish for every message zod writes itself (the ones we do not set by hand).
z.config(z.locales.es());

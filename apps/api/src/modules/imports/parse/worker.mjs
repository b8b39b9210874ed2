// The worker thread's entry: plain JavaScript, since a worker does not inherit the TypeScript loader
// of the process (tsx) — it loads worker.ts through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);

import './requireNode24.mjs';
import { serve } from './serve';

// `npm start`: the whole server is in serve.ts (test/jobServer.ts starts the same one with a test job kind).
await serve();

// `npm start`: build the web app if needed, then serve it and the API on http://localhost:3000.
import { ensureWebBuilt, startServer } from './lib.mjs';

ensureWebBuilt();
startServer();

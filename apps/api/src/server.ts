import { serve } from './serve';

// Node 24 (issue 33): on an older Node, stop before serving (Windows-1252 CSVs, for one, decode wrong on 20).
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    `Cobranzas corre sobre Node 24 y este es ${process.version}: use «npm start» o node_modules/.bin/node (docs/deploy.md, «Node 24»).`,
  );
  process.exit(1);
}

// `npm start`: the whole server is in serve.ts (test/jobServer.ts starts the same one with a test job kind).
await serve();

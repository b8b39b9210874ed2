// Cobranzas runs on Node 24 (issue 33), which `npm install` brings in node_modules/.bin (first in npm
// scripts' PATH). Imported first by the server and the root scripts: on an older Node (a systemd unit
// or `node scripts/….mjs` with the system's Node 20) they stop here, with the way out, instead of
// misbehaving later (Windows-1252 CSVs, for one, decode wrong on 20).

/**
 * What is wrong with running on Node `version` ("v20.20.2"), in Spanish; null when it is 24 or later.
 * @param {string} version
 * @returns {string | null}
 */
export function nodeVersionProblem(version) {
  if (Number(version.replace(/^v/, '').split('.')[0]) >= 24) return null;
  return `Cobranzas corre sobre Node 24 y este es ${version}. Use «npm start» o «npm test», que corren con el Node 24 que instala el proyecto (node_modules/.bin/node); en producción, docs/deploy.md, «Node 24».`;
}

const problem = nodeVersionProblem(process.version);
if (problem) {
  console.error(problem);
  process.exit(1);
}

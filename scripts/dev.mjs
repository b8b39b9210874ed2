// `npm run dev`: the API (restarting on change) and Vite's dev server with hot reload, side by side.
import { spawn } from 'node:child_process';
import { ROOT } from './lib.mjs';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], { cwd: ROOT, stdio: 'inherit' }),
  spawn('npx', ['vite'], { cwd: `${ROOT}/apps/web`, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);

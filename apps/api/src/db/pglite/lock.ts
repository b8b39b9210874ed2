import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Another live process holds the PGlite directory. */
export class DatabaseInUseError extends Error {}

/** A system error's code (EPERM, EEXIST…). */
const codeOf = (error: unknown) => (error instanceof Error && 'code' in error ? error.code : undefined);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
};

/**
 * One PGlite directory has one owner: two processes writing it would corrupt it. The owner's pid
 * sits in `file` while it runs; a file left by a process that died (SIGKILL, power cut) is taken
 * over. Returns the release function.
 */
export function lockDirectory(file: string, directory: string): () => void {
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (owner && owner !== process.pid && alive(owner)) {
        throw new DatabaseInUseError(
          `La base PGlite de ${directory} está en uso por el proceso ${owner} (¿el servidor está corriendo?). Deténgalo primero.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
}

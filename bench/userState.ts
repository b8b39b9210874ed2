/**
 * The cost of acting as the token's user as they are now (issue 14 §2): each request asks the
 * user-state cache, which answers from memory, or — after a write to users, companies or user
 * types emptied it — reads the user once from the database. Measured in-process on the bench's own
 * database, before the server under test opens it (a PGlite directory has one owner).
 */
import { performance } from 'node:perf_hooks';
import { UserStateCache } from '../apps/api/src/auth/userState';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';

export interface UserStateCost {
  /** µs per request when the state is cached (every request but the first after a change). */
  hitMicros: number;
  /** µs per request when it must be read (the first request of a user after a change). */
  missMicros: number;
}

const HITS = 200_000;
const MISSES = 2_000;

export async function measureUserState(env: Record<string, string>): Promise<UserStateCost> {
  const database = await createDatabase(loadConfig({ ...env, JWT_SECRET: 'x'.repeat(32) }));
  try {
    const cache = new UserStateCache(database.db);
    cache.setListening(true);
    const admin = 1;
    for (let i = 0; i < 200; i++) await cache.get(admin); // warm-up: the statement, the JIT
    let start = performance.now();
    for (let i = 0; i < HITS; i++) await cache.get(admin);
    const hitMicros = ((performance.now() - start) * 1000) / HITS;
    start = performance.now();
    for (let i = 0; i < MISSES; i++) {
      cache.invalidate();
      await cache.get(admin);
    }
    const missMicros = ((performance.now() - start) * 1000) / MISSES;
    return { hitMicros, missMicros };
  } finally {
    await database.close();
  }
}

/** Budgets: a cached state must cost next to nothing; a read, less than a cheap request. */
export const USER_STATE_BUDGET = { hitMicros: 5, missMicros: 1000 };

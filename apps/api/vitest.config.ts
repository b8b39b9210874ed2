import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Each file starts its own embedded Postgres (and a real one when reachable).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

import type { StrategyRun } from '@cobranzas/shared';
import { expect } from 'vitest';
import { call, type TestApp } from './helpers';

/** The run once its job ended (polled). */
export async function finishedRun(t: TestApp, token: string, id: number): Promise<StrategyRun> {
  const until = Date.now() + 60_000;
  for (;;) {
    const run = (await call(t.app, token, { method: 'GET', url: `/api/strategy-runs/${id}` }))
      .body as StrategyRun;
    if (run.status !== 'QUEUED' && run.status !== 'RUNNING') return run;
    if (Date.now() > until) throw new Error(`la ejecución ${id} sigue ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** POST /api/strategies/{id}/run, then the run once it ended. */
export async function runStrategyNow(t: TestApp, token: string, strategyId: number): Promise<StrategyRun> {
  const started = await call(t.app, token, { method: 'POST', url: `/api/strategies/${strategyId}/run` });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return finishedRun(t, token, (started.body as StrategyRun).id);
}

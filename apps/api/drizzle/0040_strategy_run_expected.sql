-- Issue 36: how many debts a run will go through, counted when it starts (the screen's progress bar).
ALTER TABLE "strategy_runs" ADD COLUMN "expected" integer;
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, createDebt } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  backends,
  call,
  createCompany,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';
import { DRIFTED_DEBTS, rowsOf, summariesKeptAndComputed } from './totals';

const postgres = backends.find((backend) => backend.name === 'postgres');

describe.skipIf(!postgres?.available)(
  'lock order on PostgreSQL: concurrent money writes never deadlock',
  () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await startApp('postgres');
      token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    });
    afterAll(() => t?.close());

    // Measured in docs/notes/derived-totals-measurement.md (5): paying a quota takes the KPI rows
    // collected → unpaid quotas, undoing a quota's payment unpaid quotas → collected. With the KPI rows
    // updated by the statements themselves, two debts of one company deadlocked (40P01).
    it('paying a quota on one debt while undoing a quota payment on another of the same company: no 40P01, right totals', async () => {
      const company = await createCompany(t.app, token);
      const due = '2026-02-01';
      const paidAt = '2026-01-15';
      const rounds = 25;
      const pairs = 4;
      const failures: string[] = [];
      for (let round = 0; round < rounds; round++) {
        const work: Promise<void>[] = [];
        for (let pair = 0; pair < pairs; pair++) {
          const x = await createDebt(t.app, token, { companyId: company.id, originalAmount: '1000.00' });
          const y = await createDebt(t.app, token, { companyId: company.id, originalAmount: '1000.00' });
          const qx = await create(t.app, token, 'quotas', {
            debtId: x.id,
            number: 1,
            amount: '100',
            dueDate: due,
          });
          const qy = await create(t.app, token, 'quotas', {
            debtId: y.id,
            number: 1,
            amount: '100',
            dueDate: due,
          });
          const paid = await call(t.app, token, {
            method: 'PATCH',
            url: `/api/quotas/${qy.id}/pay`,
            payload: { paidAt },
          });
          expect(paid.status).toBe(200);
          const pay = call(t.app, token, {
            method: 'PATCH',
            url: `/api/quotas/${qx.id}/pay`,
            payload: { paidAt },
          });
          const undo = call(t.app, token, { method: 'DELETE', url: `/api/quotas/${qy.id}/payment` });
          work.push(
            Promise.all([pay, undo]).then(([a, b]) => {
              if (a.status !== 200) failures.push(`pay ${a.status} ${JSON.stringify(a.body)}`);
              if (b.status !== 204) failures.push(`undo ${b.status} ${JSON.stringify(b.body)}`);
            }),
          );
        }
        await Promise.all(work);
      }
      expect(failures).toEqual([]);
      expect(await rowsOf(t, DRIFTED_DEBTS)).toEqual([]);
      const { kept, computed } = await summariesKeptAndComputed(t);
      expect(kept).toEqual(computed);
    }, 120_000);
  },
);

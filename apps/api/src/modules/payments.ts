import {
  paymentCreateSchema,
  paymentListQuerySchema,
  paymentSchema,
  paymentUpdateSchema,
} from '@cobranzas/shared';
import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, dateFrom, dateTo, equals } from '../crud';
import type { Db } from '../db/client';
import { payments, users } from '../db/schema';
import { recomputeChangedDebt } from './debts/totals';
import { reopenPaidQuota } from './quotas/pay';
import { lockDebt, viaDebt } from './scope';

export function paymentsModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    resource: 'payments',
    label: 'pagos',
    table: payments,
    schemas: {
      item: paymentSchema,
      listQuery: paymentListQuerySchema,
      create: paymentCreateSchema,
      update: paymentUpdateSchema,
    },
    columns: { ...getTableColumns(payments), createdByName: users.name },
    joins: [{ table: users, on: eq(payments.createdBy, users.id) }],
    sortable: {
      paidAt: payments.paidAt,
      id: payments.id,
      amount: payments.amount,
      createdAt: payments.createdAt,
    },
    defaultSort: { column: payments.paidAt, order: 'desc' },
    search: [payments.receiptNumber, payments.notes],
    filters: {
      debtId: equals(payments.debtId),
      quotaId: equals(payments.quotaId),
      method: equals(payments.method),
      from: dateFrom(payments.paidAt),
      to: dateTo(payments.paidAt),
    },
    scope: viaDebt(payments.debtId),
    hooks: {
      async beforeCreate(input, { db, user }) {
        await lockDebt(db, input.debtId as number, user);
        // The author comes from the token, never from the body.
        return { ...input, createdBy: user.sub };
      },
      async beforeDelete(current, { db, user }) {
        if (current.quotaId !== null) await reopenPaidQuota(db, user, current.quotaId as number);
      },
      afterWrite: recomputeChangedDebt,
    },
  });
}

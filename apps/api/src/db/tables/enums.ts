import {
  CURRENCIES,
  DEBT_STATUSES,
  EMBARGO_STATUSES,
  PAYMENT_METHODS,
  QUOTA_STATUSES,
  TASK_STATUSES,
  USER_TYPES,
} from '@cobranzas/shared';
import { pgEnum } from 'drizzle-orm/pg-core';

/** The three roles of SPEC.md §3; a user type is a named profile over one of them. */
export const roleEnum = pgEnum('role', USER_TYPES);
export const currencyEnum = pgEnum('currency', CURRENCIES);
export const debtStatusEnum = pgEnum('debt_status', DEBT_STATUSES);
export const quotaStatusEnum = pgEnum('quota_status', QUOTA_STATUSES);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const embargoStatusEnum = pgEnum('embargo_status', EMBARGO_STATUSES);
export const taskStatusEnum = pgEnum('task_status', TASK_STATUSES);
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export const auditActionEnum = pgEnum('audit_action', AUDIT_ACTIONS);

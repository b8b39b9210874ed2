import { annualRateSchema, type Debt, type DebtStatus, debtCreateSchema } from '@cobranzas/shared';
import { z } from 'zod';
import { percentForInput } from '../../../lib/format';
import { moneyField } from '../common/schemas';

/** The shared create schema, with the amount as MoneyField leaves it and a clearer debtor message. */
export const debtFormSchema = debtCreateSchema.extend({
  debtorId: z.number({ error: 'Busque o cree el deudor.' }).int().positive(),
  originalAmount: moneyField,
  // An empty rate field is no rate.
  interestRate: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    annualRateSchema.nullable(),
  ),
});

export type DebtFormValues = {
  debtorId: number | null;
  companyId: string | null;
  debtTypeId: string | null;
  collectionTypeId: string | null;
  reference: string;
  originalAmount: string;
  originDate: string | null;
  defaultDate: string | null;
  punitiveRate: string;
  interestRate: string;
  rateTableId: string | null;
  status: DebtStatus;
  assignedUserId: string | null;
  court: string;
  caseNumber: string;
  notes: string;
};

export const FORM_FIELDS: (keyof DebtFormValues)[] = [
  'debtorId',
  'companyId',
  'debtTypeId',
  'collectionTypeId',
  'reference',
  'originalAmount',
  'originDate',
  'defaultDate',
  'punitiveRate',
  'interestRate',
  'rateTableId',
  'status',
  'assignedUserId',
  'court',
  'caseNumber',
  'notes',
];

export function emptyDebt(debtTypeId: string | null): DebtFormValues {
  return {
    debtorId: null,
    companyId: null,
    debtTypeId: debtTypeId ?? '1',
    collectionTypeId: null,
    reference: '',
    originalAmount: '',
    originDate: null,
    defaultDate: null,
    punitiveRate: '0',
    interestRate: '',
    rateTableId: null,
    status: 'ACTIVA',
    assignedUserId: null,
    court: '',
    caseNumber: '',
    notes: '',
  };
}

const id = (value: number | null) => (value === null ? null : String(value));

export function debtToForm(debt: Debt): DebtFormValues {
  return {
    debtorId: debt.debtorId,
    companyId: String(debt.companyId),
    debtTypeId: String(debt.debtTypeId),
    collectionTypeId: id(debt.collectionTypeId),
    reference: debt.reference ?? '',
    originalAmount: debt.originalAmount,
    originDate: debt.originDate,
    defaultDate: debt.defaultDate,
    punitiveRate: percentForInput(debt.punitiveRate) || '0',
    interestRate: debt.interestRate ? percentForInput(debt.interestRate) : '',
    rateTableId: id(debt.rateTableId),
    status: debt.status,
    assignedUserId: id(debt.assignedUserId ?? null),
    court: debt.court ?? '',
    caseNumber: debt.caseNumber ?? '',
    notes: debt.notes ?? '',
  };
}

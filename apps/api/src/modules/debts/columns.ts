import { normalizeDni } from '@cobranzas/shared';
import { eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { collectionTypes, companies, debtors, debts, debtTypes, users } from '../../db/schema';
import { judicialCaseColumn } from '../cases/debtFacts';

const assignedUsers = alias(users, 'assigned_users');

/**
 * What a debt read answers (shared debtSchema): its own columns, its debtor, the names of what it
 * points to. Only the columns the schema answers: the queue's facts, the prescription's inputs and the
 * search text (12 more) were read, parsed and mapped on every row for the response schema to drop
 * (issue 38).
 */
export const debtColumns = {
  id: debts.id,
  debtorId: debts.debtorId,
  companyId: debts.companyId,
  debtTypeId: debts.debtTypeId,
  collectionTypeId: debts.collectionTypeId,
  reference: debts.reference,
  originalAmount: debts.originalAmount,
  currency: debts.currency,
  originDate: debts.originDate,
  defaultDate: debts.defaultDate,
  punitiveRate: debts.punitiveRate,
  interestRate: debts.interestRate,
  rateTableId: debts.rateTableId,
  importId: debts.importId,
  status: debts.status,
  assignedUserId: debts.assignedUserId,
  court: debts.court,
  caseNumber: debts.caseNumber,
  notes: debts.notes,
  servicesAmount: debts.servicesAmount,
  moraAmount: debts.moraAmount,
  paidAmount: debts.paidAmount,
  balance: debts.balance,
  prescribesOn: debts.prescribesOn,
  createdAt: debts.createdAt,
  updatedAt: debts.updatedAt,
  debtor: {
    id: debtors.id,
    dni: debtors.dni,
    cuit: debtors.cuit,
    firstName: debtors.firstName,
    lastName: debtors.lastName,
    phone: debtors.phone,
    altPhone: debtors.altPhone,
    phoneKind: debtors.phoneKind,
    altPhoneKind: debtors.altPhoneKind,
    email: debtors.email,
  },
  companyName: companies.name,
  debtTypeName: debtTypes.name,
  collectionTypeName: collectionTypes.name,
  assignedUserName: assignedUsers.name,
  judicialCase: judicialCaseColumn,
};

export const debtJoins = [
  { table: debtors, on: eq(debts.debtorId, debtors.id) },
  { table: companies, on: eq(debts.companyId, companies.id) },
  { table: debtTypes, on: eq(debts.debtTypeId, debtTypes.id) },
  { table: collectionTypes, on: eq(debts.collectionTypeId, collectionTypes.id) },
  { table: assignedUsers, on: eq(debts.assignedUserId, assignedUsers.id) },
];

/** The DNI (without leading zeros) inside an 11-digit CUIT/CUIL; the digits themselves otherwise. */
export const innerDni = (digits: string) =>
  digits.length === 11 ? digits.slice(2, 10).replace(/^0+/, '') : digits;

type Value = string | Placeholder;

/** A CUIT/CUIL has 11 digits; a DNI at most 8 (the columns hold no other lengths). */
export const isCuit = (digits: string) => digits.length === 11;

/**
 * A debtor whose CUIT is `cuit`, or whose DNI is `inner`, the DNI inside it: an 11-digit CUIT/CUIL
 * also finds a debtor stored with only its DNI. Values, or placeholders of a prepared statement (each
 * its own parameter: one shared by dni (varchar) and cuit (char) would be typed text and keep the
 * CUIT index out).
 */
export const debtorByCuit = (cuit: Value, inner: Value) =>
  or(eq(debtors.cuit, cuit), eq(debtors.dni, inner)) as SQL;

/**
 * The debtor these digits name: by CUIT or the DNI inside it (11 digits), else by DNI as stored,
 * without leading zeros (normalizeDni: "01234567" is debtor 1234567; what is left with 9 or 10
 * digits matches no one, as the DNI column holds 8). One index probe for a DNI instead of three
 * OR-ed ones; two for a CUIT.
 */
export function debtorMatches(digits: string): SQL {
  return isCuit(digits) ? debtorByCuit(digits, innerDni(digits)) : eq(debtors.dni, normalizeDni(digits));
}

/**
 * The debts of the debtor that `debtor` selects, by debtor id: the debtor's indexes find the ids,
 * debts_debtor_id_idx the debts. The ids come as an array (an InitPlan run once), never as a join the
 * planner may reorder: with ORDER BY id DESC LIMIT it would rather walk all debts backwards hoping to
 * meet them.
 */
export function debtsOfDebtor(debtor: string | SQL): SQL {
  const matches = typeof debtor === 'string' ? debtorMatches(debtor) : debtor;
  return sql`${debts.debtorId} = ANY(ARRAY(SELECT ${debtors.id} FROM ${debtors} WHERE ${matches}))`;
}

import { eq, getTableColumns, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { collectionTypes, companies, debtors, debts, debtTypes, users } from '../../db/schema';

const assignedUsers = alias(users, 'assigned_users');

/** What a debt read embeds (shared debtSchema): its debtor, the names of what it points to. */
export const debtColumns = {
  ...getTableColumns(debts),
  debtor: {
    id: debtors.id,
    dni: debtors.dni,
    cuit: debtors.cuit,
    firstName: debtors.firstName,
    lastName: debtors.lastName,
    phone: debtors.phone,
    altPhone: debtors.altPhone,
    email: debtors.email,
  },
  companyName: companies.name,
  debtTypeName: debtTypes.name,
  collectionTypeName: collectionTypes.name,
  assignedUserName: assignedUsers.name,
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

/**
 * A debtor whose DNI or CUIT is `digits`, or whose DNI is `inner`: an 11-digit CUIT/CUIL also finds a
 * debtor stored with only the DNI inside it (digits 3–10, without leading zeros). Equalities only:
 * both columns are indexed. Values, or placeholders of a prepared statement (each its own parameter:
 * one shared by dni (varchar) and cuit (char) would be typed text and keep the CUIT index out).
 */
export function debtorMatches(digits: Value, inner: Value = innerOf(digits)): SQL | undefined {
  return or(eq(debtors.dni, digits), eq(debtors.cuit, digits), eq(debtors.dni, inner));
}
const innerOf = (digits: Value) => (typeof digits === 'string' ? innerDni(digits) : digits);

/**
 * The debts of that debtor, by debtor id: the debtor's indexes find the ids, debts_debtor_id_idx
 * the debts. The ids come as an array (an InitPlan run once), never as a join the planner may
 * reorder: with ORDER BY id DESC LIMIT it would rather walk all debts backwards hoping to meet them.
 */
export function debtsOfDebtor(digits: Value, inner: Value = innerOf(digits)): SQL {
  return sql`${debts.debtorId} = ANY(ARRAY(SELECT ${debtors.id} FROM ${debtors} WHERE ${debtorMatches(digits, inner)}))`;
}

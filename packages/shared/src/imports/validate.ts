/**
 * One file row → the debtor and debt it describes (DESIGN.md §10.1), or the Spanish reasons it is
 * rejected. Pure: no database. What needs the database (the debtor already exists? the collection type
 * by name? the reference already imported?) is the import runner's.
 *
 * Rejected (the row is not imported): a missing or invalid DNI/CUIT, reference or amount; an invalid
 * currency, stage, date of the debt or rate; a text longer than its column. Warned (the value is left
 * empty and the row goes on): an invalid e-mail, province or birth date — contact details should not
 * cost the agency the debt.
 */

import { z } from 'zod';
import type { Province } from '../enums';
import { IMPORT_FIELD_LABELS, type ImportField, type ImportMapping } from '../schemas/imports';
import {
  type CellValue,
  type Currency,
  cellText,
  dniOfCuit,
  isBlank,
  type Read,
  readAmount,
  readCuit,
  readCurrency,
  readDate,
  readDebtType,
  readDni,
  readProvince,
  readRate,
  readText,
  splitFullName,
} from './values';

export interface ImportDebtor {
  /** Stored form (digits, no leading zeros); from the CUIT when only a person's CUIT was given. */
  dni: string | null;
  cuit: string | null;
  /** Null when the file names nobody: enough to match an existing debtor, not to create one. */
  lastName: string | null;
  firstName: string | null;
  email: string | null;
  phone: string | null;
  altPhone: string | null;
  address: string | null;
  city: string | null;
  province: Province | null;
  postalCode: string | null;
  employer: string | null;
  birthDate: string | null;
}

export interface ImportDebt {
  reference: string;
  originalAmount: string;
  currency: Currency;
  originDate: string | null;
  defaultDate: string | null;
  /** The collection type's name as written; the runner finds it in the catalog. */
  collectionType: string | null;
  debtTypeId: 1 | 2 | 3;
  punitiveRate: string | null;
  interestRate: string | null;
  notes: string | null;
}

export type ImportRow = { debtor: ImportDebtor; debt: ImportDebt; warnings: string[] } | { errors: string[] };

/** "<field> inválido/a" as each field's message starts. */
const INVALID: Record<ImportField, string> = {
  dni: 'DNI inválido',
  cuit: 'CUIT/CUIL inválido',
  fullName: 'Apellido y nombre inválido',
  lastName: 'Apellido inválido',
  firstName: 'Nombre inválido',
  email: 'Correo electrónico inválido',
  phone: 'Teléfono inválido',
  altPhone: 'Teléfono alternativo inválido',
  address: 'Domicilio inválido',
  city: 'Localidad inválida',
  province: 'Provincia inválida',
  postalCode: 'Código postal inválido',
  employer: 'Empleador inválido',
  birthDate: 'Fecha de nacimiento inválida',
  reference: 'Referencia inválida',
  originalAmount: 'Importe inválido',
  currency: 'Moneda inválida',
  originDate: 'Fecha de origen inválida',
  defaultDate: 'Fecha de mora inválida',
  collectionType: 'Tipo de cobranza inválido',
  debtType: 'Etapa inválida',
  punitiveRate: 'Tasa punitoria inválida',
  interestRate: 'Tasa de interés inválida',
  notes: 'Observaciones inválidas',
};

/** The longest text each field takes (the debtor's and debt's create schemas). */
const MAX_LENGTH = {
  fullName: 161,
  lastName: 80,
  firstName: 80,
  phone: 40,
  altPhone: 40,
  address: 200,
  city: 80,
  postalCode: 10,
  employer: 120,
  reference: 60,
  collectionType: 80,
  notes: 4000,
  email: 254,
} as const;

export const ROW_MESSAGES = {
  missingId: 'Falta el DNI o el CUIT',
  missingReference: 'Falta la referencia',
  missingAmount: 'Falta el importe',
  dniCuitMismatch: (dni: string, cuit: string) => `El DNI ${dni} no coincide con el del CUIT ${cuit}`,
  currencyMismatch: (amount: Currency, column: Currency) =>
    `La moneda del importe (${amount}) no coincide con la columna Moneda (${column})`,
  /** Warnings: the value is left empty. */
  ignored: (message: string) => `${message} (se deja vacío)`,
};

const emailSchema = z.email();

/**
 * The debtor and debt of one row, read through `mapping` (field → header). Collects every reason
 * rather than stopping at the first, so the errors file tells the whole story of a row.
 */
export function toImportRow(cells: Record<string, CellValue>, mapping: ImportMapping): ImportRow {
  const errors: string[] = [];
  const warnings: string[] = [];
  const cell = (field: ImportField): CellValue => {
    const header = mapping[field];
    return header === undefined ? null : (cells[header] ?? null);
  };
  /** A reader's value, or null with its error recorded (rejecting the row) or warned (keeping it). */
  const take = <T>(field: ImportField, read: Read<T>, severity: 'error' | 'warning' = 'error'): T | null => {
    if ('value' in read) return read.value;
    const message = `${INVALID[field]}: ${read.error}`;
    if (severity === 'error') errors.push(message);
    else warnings.push(ROW_MESSAGES.ignored(message));
    return null;
  };
  const text = (field: keyof typeof MAX_LENGTH, severity: 'error' | 'warning' = 'error') =>
    take(field, readText(cell(field), MAX_LENGTH[field]), severity);

  // Identity: DNI (a CUIT in its column gives both), CUIT, and the DNI inside a person's CUIT.
  const dniRead = take('dni', readDni(cell('dni')));
  let cuit = take('cuit', readCuit(cell('cuit')));
  let dni = dniRead?.dni ?? null;
  if (dniRead?.cuit) {
    if (cuit && cuit !== dniRead.cuit) errors.push(ROW_MESSAGES.dniCuitMismatch(cellText(cell('dni')), cuit));
    cuit ??= dniRead.cuit;
  }
  if (cuit) {
    const fromCuit = dniOfCuit(cuit);
    if (dni === null) dni = fromCuit;
    else if (fromCuit !== null && fromCuit !== dni) warnings.push(ROW_MESSAGES.dniCuitMismatch(dni, cuit));
  }
  if (dni === null && cuit === null && isBlank(cell('dni')) && isBlank(cell('cuit')))
    errors.push(ROW_MESSAGES.missingId);

  // Names: separate columns win; the full name fills what they leave empty.
  let lastName = text('lastName');
  let firstName = text('firstName');
  const fullName = text('fullName');
  if (fullName && (lastName === null || firstName === null)) {
    const split = splitFullName(fullName);
    if (split) {
      lastName ??= split.lastName;
      firstName ??= split.firstName;
    }
  }
  if (lastName && lastName.length > MAX_LENGTH.lastName)
    errors.push(`${INVALID.lastName}: tiene ${lastName.length} caracteres (máximo ${MAX_LENGTH.lastName})`);
  if (firstName && firstName.length > MAX_LENGTH.firstName)
    errors.push(
      `${INVALID.firstName}: tiene ${firstName.length} caracteres (máximo ${MAX_LENGTH.firstName})`,
    );

  let email = text('email', 'warning');
  if (email && !emailSchema.safeParse(email).success) {
    warnings.push(ROW_MESSAGES.ignored(`${INVALID.email}: ${email}`));
    email = null;
  }

  const debtor: ImportDebtor = {
    dni,
    cuit,
    lastName,
    firstName,
    email,
    phone: text('phone'),
    altPhone: text('altPhone'),
    address: text('address'),
    city: text('city'),
    province: take('province', readProvince(cell('province')), 'warning'),
    postalCode: text('postalCode'),
    employer: text('employer'),
    birthDate: take('birthDate', readDate(cell('birthDate')), 'warning'),
  };

  // The debt.
  const reference = text('reference');
  if (reference === null && isBlank(cell('reference'))) errors.push(ROW_MESSAGES.missingReference);
  const amount = take('originalAmount', readAmount(cell('originalAmount'), { positive: true }));
  if (amount === null && isBlank(cell('originalAmount'))) errors.push(ROW_MESSAGES.missingAmount);
  const columnCurrency = take('currency', readCurrency(cell('currency')));
  if (amount?.currency && columnCurrency && amount.currency !== columnCurrency)
    errors.push(ROW_MESSAGES.currencyMismatch(amount.currency, columnCurrency));
  const debt = {
    reference,
    originalAmount: amount?.amount ?? null,
    currency: columnCurrency ?? amount?.currency ?? 'ARS',
    originDate: take('originDate', readDate(cell('originDate'))),
    defaultDate: take('defaultDate', readDate(cell('defaultDate'))),
    collectionType: text('collectionType'),
    debtTypeId: take('debtType', readDebtType(cell('debtType'))) ?? 1,
    punitiveRate: take('punitiveRate', readRate(cell('punitiveRate'))),
    interestRate: take('interestRate', readRate(cell('interestRate'))),
    notes: text('notes'),
  };

  if (errors.length > 0 || debt.reference === null || debt.originalAmount === null) return { errors };
  return {
    debtor,
    debt: { ...debt, reference: debt.reference, originalAmount: debt.originalAmount },
    warnings,
  };
}

/** The Spanish label of a field (for the screens and the errors file). */
export const fieldLabel = (field: ImportField) => IMPORT_FIELD_LABELS[field];

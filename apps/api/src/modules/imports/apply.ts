/**
 * One batch of an import's rows against the database (DESIGN.md §10.1): which debtors and debts
 * exist, which to create, which empty debtor fields to fill, and every warning and rejection with its
 * Spanish reason. A real run writes it all in the caller's transaction; a dry run writes nothing but
 * the batch's remarks and counters, and remembers what it would have created for the next batches.
 */
import { compareMoney, formatMoney, IMPORT_FIELD_LABELS } from '@cobranzas/shared';
import { foldText, type ImportDebt, type ImportDebtor, type ImportRow } from '@cobranzas/shared/imports';
import { and, eq, sql } from 'drizzle-orm';
import {
  amongValues,
  anyOf,
  type BulkColumn,
  bulkInsert,
  columnNames,
  rowsOf,
  unnestAs,
} from '../../db/bulk';
import type { Db } from '../../db/client';
import { debtors, debts, importIssues, imports } from '../../db/schema';

/** A row of the file as the batch gets it. */
export interface BatchRow {
  rowNumber: number;
  /**
   * The row's cells as text, in the file's column order, as the JSON text of a string array: what an
   * issue row stores for the errors file. One string per row, not one per cell: a batch lives through
   * its writes, and 2 000 rows of 14 strings each grew the heap (issue 38, RSS during an import).
   */
  cellsJson: string;
  read: ImportRow;
}

export interface ImportCounts {
  createdDebtors: number;
  createdDebts: number;
  updatedDebtors: number;
  unchanged: number;
  rejected: number;
  warnings: number;
}

export const zeroCounts = (): ImportCounts => ({
  createdDebtors: 0,
  createdDebts: 0,
  updatedDebtors: 0,
  unchanged: 0,
  rejected: 0,
  warnings: 0,
});

/** The debtor fields an import may fill, and how two values of each are compared. */
const DEBTOR_FIELDS = [
  'cuit',
  'lastName',
  'firstName',
  'email',
  'phone',
  'altPhone',
  'address',
  'city',
  'province',
  'postalCode',
  'employer',
  'birthDate',
] as const;
type DebtorField = (typeof DEBTOR_FIELDS)[number];
type DebtorValues = Record<DebtorField, string | null>;

/** "PÉREZ" and "Perez" are one name; "11 4444-5555" and "1144445555" one phone. */
function sameValue(field: DebtorField, a: string, b: string): boolean {
  if (field === 'phone' || field === 'altPhone') return a.replace(/\D/g, '') === b.replace(/\D/g, '');
  if (field === 'email') return a.trim().toLowerCase() === b.trim().toLowerCase();
  return foldText(a) === foldText(b);
}

/** A debtor as the batch knows it: stored (id), created by this batch, or planned by a dry run. */
interface KnownDebtor extends DebtorValues {
  id: number | null;
  dni: string;
  /** Fields this import fills on a stored debtor. */
  patch: Partial<Record<DebtorField, string>>;
  /** Created by this import (in this batch or, in a dry run, an earlier one). */
  isNew: boolean;
}

interface KnownDebt {
  originalAmount: string;
  currency: string;
  dni: string;
}

/** What one import remembers between batches: the catalog, and what a dry run would have created. */
export class ImportMemory {
  readonly plannedDebtors = new Map<string, KnownDebtor>();
  readonly plannedByCuit = new Map<string, KnownDebtor>();
  readonly plannedDebts = new Map<string, KnownDebt>();
  /** Stored debtors a dry run would fill (counted once). */
  readonly plannedUpdates = new Set<number>();

  constructor(
    readonly importId: number,
    readonly companyId: number,
    readonly dryRun: boolean,
    /** Collection types by folded name, with their prescription term in years. */
    readonly collectionTypes: Map<string, { id: number; years: number }>,
  ) {}
}

export const APPLY_MESSAGES = {
  unknownCollectionType: (name: string) =>
    `Tipo de cobranza desconocido: «${name}» (no está en el catálogo de Tipos de cobranza)`,
  idsOfTwoDebtors: (dni: string, cuit: string) =>
    `El DNI ${dni} y el CUIT ${cuit} corresponden a deudores distintos ya cargados`,
  noDniForNew: (cuit: string) =>
    `No hay un deudor con el CUIT ${cuit} y no se puede dar de alta sin DNI (es el CUIT de una persona jurídica)`,
  missingNameForNew: 'Falta el apellido y el nombre para dar de alta al deudor',
  missingFirstNameForNew: 'Falta el nombre para dar de alta al deudor',
  conflict: (field: DebtorField, file: string, kept: string) =>
    `${IMPORT_FIELD_LABELS[field]}: el archivo dice «${file}» y el deudor tiene «${kept}» (se conserva el del deudor)`,
  otherAmount: (file: string, stored: string) =>
    `La deuda ya estaba cargada con otro importe (${stored}; el archivo dice ${file}): no se modifica`,
  otherDebtor: (dni: string) =>
    `La referencia ya estaba cargada para otro deudor (DNI ${dni}): no se modifica`,
  otherDni: (file: string, kept: string) =>
    `DNI: el archivo dice «${file}» y el deudor con ese CUIT tiene «${kept}» (se conserva el del deudor)`,
};

const valuesOf = (d: ImportDebtor): DebtorValues => ({
  cuit: d.cuit,
  lastName: d.lastName,
  firstName: d.firstName,
  email: d.email,
  phone: d.phone,
  altPhone: d.altPhone,
  address: d.address,
  city: d.city,
  province: d.province,
  postalCode: d.postalCode,
  employer: d.employer,
  birthDate: d.birthDate,
});

/** Fills `known`'s empty fields from the file's row; a different stored value is a warning. */
function merge(known: KnownDebtor, file: ImportDebtor, warnings: string[]): boolean {
  let filled = false;
  const incoming = valuesOf(file);
  for (const field of DEBTOR_FIELDS) {
    const value = incoming[field];
    if (value === null || value === '') continue;
    const current = known[field];
    if (current === null || current === '') {
      known[field] = value;
      known.patch[field] = value;
      filled = true;
    } else if (!sameValue(field, value, current)) {
      warnings.push(APPLY_MESSAGES.conflict(field, value, current));
    }
  }
  return filled;
}

interface NewDebt {
  dni: string;
  debt: ImportDebt;
  collectionType: { id: number; years: number } | null;
}

/**
 * Applies one batch. `db` is the batch's transaction (real run) or any connection (dry run); the
 * caller has already taken the company's import lock. Returns the batch's counts.
 */
export async function applyBatch(db: Db, memory: ImportMemory, rows: BatchRow[]): Promise<ImportCounts> {
  const counts = zeroCounts();
  const issues: { rowNumber: number; rejected: boolean; reasons: string; cellsJson: string }[] = [];
  const reject = (row: BatchRow, reasons: string[]) => {
    counts.rejected++;
    issues.push({
      rowNumber: row.rowNumber,
      rejected: true,
      reasons: reasons.join('\n'),
      cellsJson: row.cellsJson,
    });
  };

  // What the batch's rows name, read in two queries.
  const accepted: { row: BatchRow; read: Extract<ImportRow, { debt: unknown }> }[] = [];
  for (const row of rows) {
    if ('errors' in row.read) reject(row, row.read.errors);
    else accepted.push({ row, read: row.read });
  }
  const references = [...new Set(accepted.map((a) => a.read.debt.reference))];
  const dnis = [...new Set(accepted.flatMap((a) => (a.read.debtor.dni ? [a.read.debtor.dni] : [])))];
  const cuits = [...new Set(accepted.flatMap((a) => (a.read.debtor.cuit ? [a.read.debtor.cuit] : [])))];

  const knownDebts = new Map<string, KnownDebt>();
  if (references.length > 0) {
    // Both conditions, so the (company_id, reference) index answers it: by reference alone, the
    // trigram index won and read every similar reference; by company alone, every debt of it.
    const stored = await db
      .select({
        reference: debts.reference,
        originalAmount: debts.originalAmount,
        currency: debts.currency,
        dni: debtors.dni,
      })
      .from(debts)
      .innerJoin(debtors, eq(debtors.id, debts.debtorId))
      .where(and(eq(debts.companyId, memory.companyId), amongValues(debts.reference, references)));
    for (const d of stored) if (d.reference !== null) knownDebts.set(d.reference, d);
    for (const reference of references) {
      const planned = memory.plannedDebts.get(reference);
      if (planned) knownDebts.set(reference, planned);
    }
  }

  const byDni = new Map<string, KnownDebtor>();
  const byCuit = new Map<string, KnownDebtor>();
  if (dnis.length > 0 || cuits.length > 0) {
    // Two lookups, each by its unique index: an OR of both lists made PGlite scan the table.
    const columns = { id: debtors.id, dni: debtors.dni, ...pick(DEBTOR_FIELDS) };
    const stored = [
      ...(dnis.length > 0 ? await db.select(columns).from(debtors).where(anyOf(debtors.dni, dnis)) : []),
      ...(cuits.length > 0 ? await db.select(columns).from(debtors).where(anyOf(debtors.cuit, cuits)) : []),
    ];
    for (const d of stored) {
      const known: KnownDebtor = { ...d, patch: {}, isNew: false };
      byDni.set(d.dni, known);
      if (d.cuit) byCuit.set(d.cuit, known);
    }
    // A dry run's plan wins: what it would have created or filled in an earlier batch.
    for (const dni of dnis) {
      const planned = memory.plannedDebtors.get(dni);
      if (planned) byDni.set(dni, planned);
    }
    for (const cuit of cuits) {
      const planned = memory.plannedByCuit.get(cuit);
      if (planned) byCuit.set(cuit, planned);
    }
  }

  const newDebtors: KnownDebtor[] = [];
  const updated = new Set<KnownDebtor>();
  const newDebts: NewDebt[] = [];
  for (const { row, read } of accepted) {
    const { debtor, debt } = read;
    const warnings = [...read.warnings];

    let collectionType: NewDebt['collectionType'] = null;
    if (debt.collectionType !== null) {
      collectionType = memory.collectionTypes.get(foldText(debt.collectionType)) ?? null;
      if (collectionType === null) {
        reject(row, [APPLY_MESSAGES.unknownCollectionType(debt.collectionType)]);
        continue;
      }
    }

    const viaDni = debtor.dni ? byDni.get(debtor.dni) : undefined;
    const viaCuit = debtor.cuit ? byCuit.get(debtor.cuit) : undefined;
    if (viaDni && viaCuit && viaDni !== viaCuit) {
      reject(row, [APPLY_MESSAGES.idsOfTwoDebtors(viaDni.dni, debtor.cuit ?? '')]);
      continue;
    }
    let known = viaDni ?? viaCuit;
    const stored = knownDebts.get(debt.reference);
    if (!known && stored) {
      // The debt is already loaded, for someone else: nothing of this row is created (a new debtor
      // here would be a debtor without a debt).
      counts.unchanged++;
      counts.warnings++;
      const reasons = [...warnings, APPLY_MESSAGES.otherDebtor(stored.dni)];
      issues.push({
        rowNumber: row.rowNumber,
        rejected: false,
        reasons: reasons.join('\n'),
        cellsJson: row.cellsJson,
      });
      continue;
    }
    if (!known) {
      if (!debtor.dni) {
        reject(row, [APPLY_MESSAGES.noDniForNew(debtor.cuit ?? '')]);
        continue;
      }
      if (!debtor.lastName || !debtor.firstName) {
        reject(row, [
          debtor.lastName ? APPLY_MESSAGES.missingFirstNameForNew : APPLY_MESSAGES.missingNameForNew,
        ]);
        continue;
      }
      known = { id: null, dni: debtor.dni, ...valuesOf(debtor), patch: {}, isNew: true };
      newDebtors.push(known);
      byDni.set(known.dni, known);
      if (known.cuit) byCuit.set(known.cuit, known);
    } else {
      if (debtor.dni && debtor.dni !== known.dni)
        warnings.push(APPLY_MESSAGES.otherDni(debtor.dni, known.dni));
      const hadCuit = known.cuit;
      if (merge(known, debtor, warnings) && !known.isNew) updated.add(known);
      // A CUIT just given to this debtor is taken: a later row with it must find this debtor.
      if (!hadCuit && known.cuit) byCuit.set(known.cuit, known);
    }

    if (stored) {
      counts.unchanged++;
      if (stored.dni !== known.dni) warnings.push(APPLY_MESSAGES.otherDebtor(stored.dni));
      else if (
        stored.currency !== debt.currency ||
        compareMoney(stored.originalAmount, debt.originalAmount) !== 0
      )
        warnings.push(
          APPLY_MESSAGES.otherAmount(
            formatMoney(debt.originalAmount, debt.currency),
            formatMoney(stored.originalAmount, stored.currency as 'ARS' | 'USD'),
          ),
        );
    } else {
      counts.createdDebts++;
      knownDebts.set(debt.reference, {
        originalAmount: debt.originalAmount,
        currency: debt.currency,
        dni: known.dni,
      });
      newDebts.push({ dni: known.dni, debt, collectionType });
    }
    if (warnings.length > 0) {
      counts.warnings++;
      issues.push({
        rowNumber: row.rowNumber,
        rejected: false,
        reasons: warnings.join('\n'),
        cellsJson: row.cellsJson,
      });
    }
  }
  counts.createdDebtors = newDebtors.length;

  if (memory.dryRun) {
    for (const d of newDebtors) {
      memory.plannedDebtors.set(d.dni, d);
      if (d.cuit) memory.plannedByCuit.set(d.cuit, d);
    }
    for (const d of newDebts)
      memory.plannedDebts.set(d.debt.reference, {
        originalAmount: d.debt.originalAmount,
        currency: d.debt.currency,
        dni: d.dni,
      });
    for (const d of updated) {
      // Later batches see the debtor as the real run would have left it.
      memory.plannedDebtors.set(d.dni, d);
      if (d.cuit) memory.plannedByCuit.set(d.cuit, d);
      if (d.id !== null && !memory.plannedUpdates.has(d.id)) {
        memory.plannedUpdates.add(d.id);
        counts.updatedDebtors++;
      }
    }
  } else {
    counts.updatedDebtors = updated.size;
    await write(db, memory, newDebtors, [...updated], newDebts);
  }

  if (issues.length > 0)
    await db.execute(
      bulkInsert(importIssues, [
        { column: importIssues.importId, values: issues.map(() => memory.importId) },
        { column: importIssues.rowNumber, values: issues.map((i) => i.rowNumber) },
        { column: importIssues.rejected, values: issues.map((i) => i.rejected) },
        { column: importIssues.reasons, values: issues.map((i) => i.reasons) },
        { column: importIssues.cells, values: issues.map((i) => i.cellsJson) },
      ]),
    );
  return counts;
}

const pick = <K extends readonly DebtorField[]>(fields: K) =>
  Object.fromEntries(fields.map((f) => [f, debtors[f]])) as { [F in K[number]]: (typeof debtors)[F] };

/** A debt's prescription term without a collection type: the column's default (CCyC 2560). */
const DEFAULT_YEARS = debts.prescriptionYears.default as number;

/** The batch's debtors and debts, created and filled (real run only). */
async function write(
  db: Db,
  memory: ImportMemory,
  newDebtors: KnownDebtor[],
  updated: KnownDebtor[],
  newDebts: NewDebt[],
) {
  const ids = new Map<string, number>();
  if (newDebtors.length > 0) {
    const text = (field: DebtorField) => newDebtors.map((d) => d[field]);
    const created = rowsOf<{ id: number; dni: string }>(
      await db.execute(
        bulkInsert(
          debtors,
          [
            { column: debtors.dni, values: newDebtors.map((d) => d.dni) },
            { column: debtors.cuit, values: text('cuit') },
            { column: debtors.lastName, values: newDebtors.map((d) => d.lastName ?? '') },
            { column: debtors.firstName, values: newDebtors.map((d) => d.firstName ?? '') },
            { column: debtors.email, values: text('email') },
            { column: debtors.phone, values: text('phone') },
            { column: debtors.altPhone, values: text('altPhone') },
            { column: debtors.address, values: text('address') },
            { column: debtors.city, values: text('city') },
            { column: debtors.province, values: text('province') },
            { column: debtors.postalCode, values: text('postalCode') },
            { column: debtors.employer, values: text('employer') },
            { column: debtors.birthDate, values: text('birthDate') },
          ],
          [debtors.id, debtors.dni],
        ),
      ),
    );
    for (const d of created) ids.set(d.dni, d.id);
  }
  for (const d of updated) {
    if (d.id === null) continue;
    ids.set(d.dni, d.id);
    // Only where still empty: a user may have filled the field since the batch read it.
    const fill = Object.fromEntries(
      Object.entries(d.patch).map(([field, value]) => {
        const column = debtors[field as DebtorField];
        return [
          field,
          field === 'birthDate'
            ? sql`coalesce(${column}, ${value}::date)`
            : sql`coalesce(nullif(${column}, ''), ${value})`,
        ];
      }),
    );
    await db
      .update(debtors)
      .set({ ...fill, updatedAt: sql`now()` })
      .where(eq(debtors.id, d.id));
  }
  if (newDebts.length === 0) return;
  // Debtors matched without changes are not in `ids` yet.
  const missing = [...new Set(newDebts.map((d) => d.dni).filter((dni) => !ids.has(dni)))];
  if (missing.length > 0) {
    const found = await db
      .select({ id: debtors.id, dni: debtors.dni })
      .from(debtors)
      .where(anyOf(debtors.dni, missing));
    for (const d of found) ids.set(d.dni, d.id);
  }
  const debtorIds = newDebts.map(({ dni }) => {
    const id = ids.get(dni);
    if (id === undefined) throw new Error(`El deudor con DNI ${dni} no se encontró al crear su deuda.`);
    return id;
  });
  const of = <T extends string | number | null>(value: (d: NewDebt) => T) => newDebts.map(value);
  const columns: BulkColumn[] = [
    { column: debts.debtorId, values: debtorIds },
    { column: debts.companyId, values: of(() => memory.companyId) },
    { column: debts.importId, values: of(() => memory.importId) },
    { column: debts.debtTypeId, values: of((d) => d.debt.debtTypeId) },
    { column: debts.collectionTypeId, values: of((d) => d.collectionType?.id ?? null) },
    // The type's term written here: the insert trigger then has nothing to correct (migration 0044).
    { column: debts.prescriptionYears, values: of((d) => d.collectionType?.years ?? DEFAULT_YEARS) },
    { column: debts.reference, values: of((d) => d.debt.reference) },
    { column: debts.originalAmount, values: of((d) => d.debt.originalAmount) },
    { column: debts.currency, values: of((d) => d.debt.currency) },
    { column: debts.originDate, values: of((d) => d.debt.originDate) },
    { column: debts.defaultDate, values: of((d) => d.debt.defaultDate) },
    { column: debts.punitiveRate, values: of((d) => d.debt.punitiveRate ?? '0') },
    { column: debts.interestRate, values: of((d) => d.debt.interestRate) },
    { column: debts.notes, values: of((d) => d.debt.notes) },
  ];
  // Whether the debtor has a phone to call, by the same SQL function the row trigger calls, but in one
  // join: the trigger's lookup per debt cost ≈ 22 µs of PostgreSQL's CPU each (migration 0044).
  await db.execute(sql`
    INSERT INTO debts (${columnNames(columns)}, debtor_phone_open)
    SELECT given.*, debtor_phone_open(p.phone, p.phone_owner, p.phone_closed_on, p.alt_phone,
      p.alt_phone_owner, p.alt_phone_closed_on)
    FROM ${unnestAs('given', columns)} JOIN debtors p ON p.id = given.debtor_id`);
}

/** Adds a batch's counts and moves the checkpoint, in the batch's transaction. */
export async function recordProgress(db: Db, importId: number, counts: ImportCounts, processedRows: number) {
  await db
    .update(imports)
    .set({
      processedRows,
      updatedAt: sql`now()`,
      createdDebtors: sql`${imports.createdDebtors} + ${counts.createdDebtors}`,
      createdDebts: sql`${imports.createdDebts} + ${counts.createdDebts}`,
      updatedDebtors: sql`${imports.updatedDebtors} + ${counts.updatedDebtors}`,
      unchanged: sql`${imports.unchanged} + ${counts.unchanged}`,
      rejected: sql`${imports.rejected} + ${counts.rejected}`,
      warnings: sql`${imports.warnings} + ${counts.warnings}`,
    })
    .where(eq(imports.id, importId));
}

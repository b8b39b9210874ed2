/**
 * The values of the merge fields (packages/shared/src/letters.ts) for one debt: the agency's row,
 * the debt with its debtor, company and catalogs, and its balance to date (DESIGN.md §10.2) of today.
 */
import {
  agencyToday,
  amountInWords,
  dayMonthYear,
  formatCuit,
  formatDni,
  formatMoney,
  type LetterValues,
  longDate,
  placeAndDate,
  type TokenPayload,
} from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../crud/types';
import type { Db } from '../../db/client';
import { collectionTypes, companies, debtors, debts, debtTypes } from '../../db/schema';
import { type Agency, loadAgency } from '../../pdf/letterhead';
import { type DebtOwed, debtBalance } from '../debts/balance';

type Currency = 'ARS' | 'USD';

/** A CUIT of a company (30, 33, 34): its document is the CUIT; a person's is the DNI. */
const isCompanyCuit = (cuit: string) => /^3[034]/.test(cuit);

/** «DNI 12.345.678», or «CUIT 30-71234567-1» for a company (see isCompanyCuit). */
export function debtorDocument(debtor: { dni: string; cuit: string | null }): string {
  if (debtor.cuit && isCompanyCuit(debtor.cuit)) return `CUIT ${formatCuit(debtor.cuit)}`;
  return `DNI ${formatDni(debtor.dni)}`;
}

/** «Av. Colón 1234, Córdoba, Córdoba (5000)», without the parts the debtor lacks. */
function fullAddress(d: {
  address: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
}): string {
  const place = [d.address, d.city, d.province !== d.city ? d.province : null]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  return d.postalCode?.trim() && place ? `${place} (${d.postalCode.trim()})` : place;
}

/** The debt and what its letter prints of it, read in one statement; null outside the user's scope. */
async function loadDebt(db: Executor | Db, debtId: number) {
  const stage = alias(debtTypes, 'stage');
  const [row] = await db
    .select({
      id: debts.id,
      reference: debts.reference,
      originalAmount: debts.originalAmount,
      currency: debts.currency,
      originDate: debts.originDate,
      defaultDate: debts.defaultDate,
      caseNumber: debts.caseNumber,
      court: debts.court,
      collectionType: collectionTypes.name,
      stage: stage.name,
      companyName: companies.name,
      companyCuit: companies.cuit,
      debtor: {
        id: debtors.id,
        dni: debtors.dni,
        cuit: debtors.cuit,
        firstName: debtors.firstName,
        lastName: debtors.lastName,
        email: debtors.email,
        phone: debtors.phone,
        altPhone: debtors.altPhone,
        address: debtors.address,
        city: debtors.city,
        province: debtors.province,
        postalCode: debtors.postalCode,
      },
    })
    .from(debts)
    .innerJoin(debtors, eq(debtors.id, debts.debtorId))
    .innerJoin(companies, eq(companies.id, debts.companyId))
    .leftJoin(collectionTypes, eq(collectionTypes.id, debts.collectionTypeId))
    .leftJoin(stage, eq(stage.id, debts.debtTypeId))
    .where(eq(debts.id, debtId));
  return row ?? null;
}
export type LetterDebt = NonNullable<Awaited<ReturnType<typeof loadDebt>>>;

export interface LetterContext {
  agency: Agency;
  debt: LetterDebt;
  balance: DebtOwed;
  values: LetterValues;
}

/** The agency's fields and today's, the same with or without a debt. */
export function agencyValues(agency: Agency, today: string, user: TokenPayload): LetterValues {
  return {
    'agencia.nombre': agency.name || 'Agencia de cobranzas',
    'agencia.cuit': agency.cuit ? formatCuit(agency.cuit) : '',
    'agencia.domicilio': agency.address ?? '',
    'agencia.ciudad': agency.city ?? '',
    'agencia.telefono': agency.phone ?? '',
    'agencia.email': agency.email ?? '',
    'agencia.ciudad_fecha': placeAndDate(agency.city, today),
    'fecha.hoy': dayMonthYear(today),
    'fecha.hoy_larga': longDate(today),
    'usuario.nombre': user.name ?? '',
  };
}

/** The amount in words, or nothing when it has none (a negative balance, beyond the largest amount). */
function inWords(value: string, currency: Currency): string {
  try {
    return amountInWords(value, currency);
  } catch {
    return '';
  }
}

/**
 * Everything a letter of the debt prints, with its balance to date of today; null when the debt does
 * not exist or the user may not see it.
 */
export async function letterContext(
  db: Executor | Db,
  debtId: number,
  user: TokenPayload,
): Promise<LetterContext | null> {
  const today = agencyToday();
  const balance = await debtBalance(db, debtId, user, today);
  if (!balance) return null;
  const [debt, agency] = await Promise.all([loadDebt(db, debtId), loadAgency(db)]);
  if (!debt) return null;
  const currency: Currency = debt.currency === 'USD' ? 'USD' : 'ARS';
  const money = (value: string) => formatMoney(value, currency);
  const d = debt.debtor;
  const values: LetterValues = {
    ...agencyValues(agency, today, user),
    'deudor.nombre': `${d.firstName} ${d.lastName}`.trim(),
    'deudor.apellido': d.lastName,
    'deudor.nombres': d.firstName,
    'deudor.documento': debtorDocument(d),
    'deudor.dni': formatDni(d.dni),
    'deudor.cuit': d.cuit ? formatCuit(d.cuit) : '',
    'deudor.domicilio': fullAddress(d),
    'deudor.email': d.email ?? '',
    'deudor.telefono': [d.phone, d.altPhone].filter(Boolean).join(' / '),
    'compania.nombre': debt.companyName,
    'compania.cuit': debt.companyCuit ? formatCuit(debt.companyCuit) : '',
    'deuda.referencia': debt.reference ?? `N.º ${debt.id}`,
    'deuda.tipo': debt.collectionType ?? debt.stage ?? '',
    'deuda.etapa': debt.stage ?? '',
    'deuda.monto_original': money(debt.originalAmount),
    'deuda.moneda': currency === 'USD' ? 'dólares estadounidenses' : 'pesos',
    'deuda.fecha_origen': dayMonthYear(debt.originDate),
    'deuda.fecha_mora': dayMonthYear(debt.defaultDate),
    'deuda.expediente': debt.caseNumber ?? '',
    'deuda.juzgado': debt.court ?? '',
    'saldo.fecha': dayMonthYear(balance.date),
    'saldo.total': money(balance.total),
    'saldo.total_en_letras': inWords(balance.total, currency),
    'saldo.capital': money(balance.capital),
    'saldo.intereses': money(balance.interest),
    'saldo.punitorios': money(balance.punitive),
    'saldo.gastos': money(balance.services),
    'saldo.pagado': money(balance.paid),
  };
  return { agency, debt, balance, values };
}

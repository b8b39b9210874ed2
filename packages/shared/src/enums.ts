/** Status and kind enumerations of DESIGN.md §8 (the spec does not show them). */
export const DEBT_STATUSES = ['ACTIVA', 'EN_CONVENIO', 'CANCELADA', 'INCOBRABLE', 'ARCHIVADA'] as const;
/** PARCIAL (issue 31): a payment paid part of it. Appended: PostgreSQL adds an enum's values at its end. */
export const QUOTA_STATUSES = ['PENDIENTE', 'PAGADA', 'EN_MORA', 'PARCIAL'] as const;
export const PAYMENT_METHODS = [
  'EFECTIVO',
  'TRANSFERENCIA',
  'DEPOSITO',
  'CHEQUE',
  'TARJETA',
  'OTRO',
  // Issue 34: paid online through the debtor portal. Appended: PostgreSQL adds an enum's values at its end.
  'MERCADOPAGO',
] as const;
export const EMBARGO_STATUSES = ['SOLICITADO', 'TRABADO', 'LEVANTADO'] as const;
export const TASK_STATUSES = ['PENDIENTE', 'COMPLETADA', 'CANCELADA'] as const;
export const CURRENCIES = ['ARS', 'USD'] as const;

export type DebtStatus = (typeof DEBT_STATUSES)[number];
export type QuotaStatus = (typeof QUOTA_STATUSES)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type EmbargoStatus = (typeof EMBARGO_STATUSES)[number];
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Debt stages: SPEC.md §4 "1 is preventive, 2 is extrajudicial, 3 is judicial". */
export const DEBT_TYPE_IDS = { PREVENTIVA: 1, EXTRAJUDICIAL: 2, JUDICIAL: 3 } as const;
/** The three stages as seeded (the catalog's fixed rows) and as the screens name them. */
export const FIXED_DEBT_TYPES = [
  { id: DEBT_TYPE_IDS.PREVENTIVA, name: 'Preventiva' },
  { id: DEBT_TYPE_IDS.EXTRAJUDICIAL, name: 'Extrajudicial' },
  { id: DEBT_TYPE_IDS.JUDICIAL, name: 'Judicial' },
] as const;

/** A person as lists and files name them: "Pérez, Juan Carlos" (last name first, for sorting). */
export const personName = (person: { firstName: string; lastName: string }) =>
  `${person.lastName}, ${person.firstName}`;

/** Spanish labels for the screens. */
export const LABELS = {
  debtStatus: {
    ACTIVA: 'Activa',
    EN_CONVENIO: 'En convenio',
    CANCELADA: 'Cancelada',
    INCOBRABLE: 'Incobrable',
    ARCHIVADA: 'Archivada',
  },
  /** How the amount owed is reached (DESIGN.md §11.1): said under the figure on every screen. */
  basis: {
    PLAN: 'Según el plan de pagos',
    RATES: 'Con intereses a la fecha',
    BOOKS: 'Según lo registrado',
  },
  ledgerKind: {
    PAYMENT: 'Pago',
    DEPOSIT: 'Depósito',
    SERVICE: 'Gasto',
    MORA: 'Mora',
    REDUCTION: 'Quita',
    REVERSAL: 'Anulación',
  },
  quotaStatus: { PENDIENTE: 'Pendiente', PAGADA: 'Pagada', EN_MORA: 'En mora', PARCIAL: 'Pagada en parte' },
  paymentMethod: {
    EFECTIVO: 'Efectivo',
    TRANSFERENCIA: 'Transferencia',
    DEPOSITO: 'Depósito',
    CHEQUE: 'Cheque',
    TARJETA: 'Tarjeta',
    OTRO: 'Otro',
    MERCADOPAGO: 'Mercado Pago',
  },
  embargoStatus: { SOLICITADO: 'Solicitado', TRABADO: 'Trabado', LEVANTADO: 'Levantado' },
  taskStatus: { PENDIENTE: 'Pendiente', COMPLETADA: 'Completada', CANCELADA: 'Cancelada' },
} as const;

/** The 24 jurisdictions of Argentina, for debtor addresses. */
export const PROVINCES = [
  'Buenos Aires',
  'Ciudad Autónoma de Buenos Aires',
  'Catamarca',
  'Chaco',
  'Chubut',
  'Córdoba',
  'Corrientes',
  'Entre Ríos',
  'Formosa',
  'Jujuy',
  'La Pampa',
  'La Rioja',
  'Mendoza',
  'Misiones',
  'Neuquén',
  'Río Negro',
  'Salta',
  'San Juan',
  'San Luis',
  'Santa Cruz',
  'Santa Fe',
  'Santiago del Estero',
  'Tierra del Fuego',
  'Tucumán',
] as const;
export type Province = (typeof PROVINCES)[number];

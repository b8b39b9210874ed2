import { LABELS } from './enums';
import { formatMoney } from './money';
import type { DebtChange } from './schemas/debtHistory';

type Stored = Record<string, unknown>;
type Names = Partial<Record<string, Map<number, string>>>;
type Kind = 'money' | 'date' | 'percent' | 'status' | 'text' | 'name';

/**
 * The debt's fields a person changes, with the form's labels; the rest (stored totals, derived
 * queue facts, timestamps) move by themselves and would only bury what someone did.
 */
export const DEBT_HISTORY_FIELDS: Record<string, { label: string; kind: Kind }> = {
  companyId: { label: 'Compañía', kind: 'name' },
  debtorId: { label: 'Deudor', kind: 'name' },
  reference: { label: 'Referencia del cliente', kind: 'text' },
  debtTypeId: { label: 'Etapa', kind: 'name' },
  collectionTypeId: { label: 'Tipo de cobranza', kind: 'name' },
  status: { label: 'Estado', kind: 'status' },
  assignedUserId: { label: 'Asignada a', kind: 'name' },
  originalAmount: { label: 'Importe original', kind: 'money' },
  currency: { label: 'Moneda', kind: 'text' },
  punitiveRate: { label: 'Tasa punitoria anual (%)', kind: 'percent' },
  interestRate: { label: 'Tasa de interés anual (%)', kind: 'percent' },
  rateTableId: { label: 'Tabla de tasas', kind: 'name' },
  originDate: { label: 'Fecha de origen', kind: 'date' },
  defaultDate: { label: 'Fecha de mora', kind: 'date' },
  court: { label: 'Juzgado', kind: 'text' },
  caseNumber: { label: 'N.º de expediente', kind: 'text' },
  notes: { label: 'Notas', kind: 'text' },
};

/** The fields whose value is another record's id: the API looks their names up. */
export const DEBT_HISTORY_NAMED = Object.keys(DEBT_HISTORY_FIELDS).filter(
  (field) => DEBT_HISTORY_FIELDS[field]?.kind === 'name',
);

function shown(field: string, value: unknown, currency: 'ARS' | 'USD', names: Names): string | null {
  if (value === null || value === undefined || value === '') return null;
  const kind = DEBT_HISTORY_FIELDS[field]?.kind;
  const text = String(value);
  if (kind === 'money') return formatMoney(text, currency);
  if (kind === 'date') return text.slice(0, 10).split('-').reverse().join('/');
  if (kind === 'percent') return `${text.replace('.', ',')} %`;
  if (kind === 'status') return LABELS.debtStatus[text as keyof typeof LABELS.debtStatus] ?? text;
  if (kind === 'name') return names[field]?.get(Number(value)) ?? `N.º ${text}`;
  return text;
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || String(a ?? '') === String(b ?? '');

/**
 * What changed between two stored rows of a debt, in the form's words; a creation (`before` null)
 * lists what it was created with.
 */
export function debtChanges(before: Stored | null, after: Stored | null, names: Names = {}): DebtChange[] {
  const currency = ((after?.currency ?? before?.currency) === 'USD' ? 'USD' : 'ARS') as 'ARS' | 'USD';
  const changes: DebtChange[] = [];
  for (const [field, { label }] of Object.entries(DEBT_HISTORY_FIELDS)) {
    const old = before?.[field];
    const now = after?.[field];
    if (after && !(field in after)) continue;
    if (before && same(old, now)) continue;
    const change = {
      field,
      label,
      before: before ? shown(field, old, currency, names) : null,
      after: shown(field, now, currency, names),
    };
    if (change.before !== change.after) changes.push(change);
  }
  return changes;
}

/**
 * Letters from templates (DESIGN.md §10.5): the merge fields a template may use, said once for the
 * API (which fills them from a debt and refuses a template naming any other) and for the web editor
 * (which lists them to insert), and the pure merge of a body with their values.
 *
 * A merge field is written `{{grupo.nombre}}` (spaces inside the braces are allowed). Text outside
 * the braces is kept as written: paragraphs are the template's blank lines.
 */

import { oneLine } from './text';

export interface LetterFieldInfo {
  /** The name inside the braces. */
  key: string;
  /** What it prints, for the editor's list. */
  label: string;
  /** The value the editor's preview shows without a debt: plainly made up. */
  sample: string;
}

const field = (key: string, label: string, sample: string): LetterFieldInfo => ({ key, label, sample });

/** Every merge field, grouped as the editor shows them. */
export const LETTER_FIELD_GROUPS: readonly { label: string; fields: readonly LetterFieldInfo[] }[] = [
  {
    label: 'Agencia',
    fields: [
      field('agencia.nombre', 'Nombre de la agencia', 'Agencia de Ejemplo'),
      field('agencia.cuit', 'CUIT de la agencia', '30-00000000-0'),
      field('agencia.domicilio', 'Domicilio de la agencia', 'Calle Falsa 123'),
      field('agencia.ciudad', 'Ciudad de la agencia', 'Ciudad de Ejemplo'),
      field('agencia.telefono', 'Teléfono de la agencia', '(011) 0000-0000'),
      field('agencia.email', 'Correo de la agencia', 'agencia@ejemplo.com'),
      field(
        'agencia.ciudad_fecha',
        'Ciudad y fecha de hoy («Córdoba, 25 de noviembre de 2026»)',
        'Ciudad de Ejemplo, 1 de enero de 2030',
      ),
    ],
  },
  {
    label: 'Deudor',
    fields: [
      field('deudor.nombre', 'Nombre y apellido', 'NOMBRE DE EJEMPLO'),
      field('deudor.apellido', 'Apellido', 'EJEMPLO'),
      field('deudor.nombres', 'Nombres', 'NOMBRE DE'),
      field('deudor.documento', 'DNI o CUIT («DNI 12.345.678»)', 'DNI 00.000.000'),
      field('deudor.dni', 'DNI («12.345.678»)', '00.000.000'),
      field('deudor.cuit', 'CUIT/CUIL («20-12345678-3»)', '20-00000000-0'),
      field('deudor.domicilio', 'Domicilio completo', 'Calle de Ejemplo 456, Ciudad de Ejemplo (0000)'),
      field('deudor.email', 'Correo del deudor', 'deudor@ejemplo.com'),
      field('deudor.telefono', 'Teléfono del deudor', '(011) 15-0000-0000'),
    ],
  },
  {
    label: 'Compañía',
    fields: [
      field('compania.nombre', 'Compañía acreedora', 'COMPAÑÍA DE EJEMPLO'),
      field('compania.cuit', 'CUIT de la compañía', '30-00000000-1'),
    ],
  },
  {
    label: 'Deuda',
    fields: [
      field('deuda.referencia', 'Referencia (número de cuenta, operación)', 'REF-EJEMPLO'),
      field('deuda.tipo', 'Tipo de deuda (producto; si no tiene, la etapa)', 'Tipo de ejemplo'),
      field('deuda.etapa', 'Etapa (preventiva, extrajudicial, judicial)', 'Etapa de ejemplo'),
      field('deuda.monto_original', 'Monto original', '$ 0.000,00'),
      field('deuda.moneda', 'Moneda («pesos» o «dólares»)', 'pesos'),
      field('deuda.fecha_origen', 'Fecha de origen (dd/mm/aaaa)', '01/01/2000'),
      field('deuda.fecha_mora', 'Fecha de mora (dd/mm/aaaa)', '01/01/2000'),
      field('deuda.expediente', 'Número de expediente', 'EXPTE-EJEMPLO'),
      field('deuda.juzgado', 'Juzgado', 'JUZGADO DE EJEMPLO'),
    ],
  },
  {
    label: 'Saldo a hoy',
    fields: [
      field('saldo.fecha', 'Fecha del saldo (hoy, dd/mm/aaaa)', '01/01/2030'),
      field('saldo.total', 'Saldo total', '$ 1.234,56'),
      field(
        'saldo.total_en_letras',
        'Saldo total en letras',
        'pesos mil doscientos treinta y cuatro con 56/100',
      ),
      field('saldo.capital', 'Capital adeudado', '$ 1.000,00'),
      field('saldo.intereses', 'Intereses compensatorios', '$ 150,00'),
      field('saldo.punitorios', 'Intereses punitorios', '$ 50,00'),
      field('saldo.gastos', 'Gastos', '$ 34,56'),
      field('saldo.pagado', 'Total pagado', '$ 0,00'),
    ],
  },
  {
    // Issue 34: each letter that uses one of these gets its own link to the debtor portal.
    label: 'Portal del deudor',
    fields: [
      field(
        'portal.enlace',
        'Enlace personal al portal (se crea uno por carta)',
        'https://agencia.example/pagar#EJEMPLO',
      ),
      field(
        'portal.direccion',
        'Dirección del portal, para entrar con el código',
        'https://agencia.example/pagar',
      ),
      field('portal.codigo', 'Código para entrar al portal', 'ABCDE-FGHJK'),
      field('portal.vence', 'Vencimiento del enlace (dd/mm/aaaa)', '01/01/2030'),
      field('portal.qr', 'Código QR del enlace (solo, en un párrafo propio)', '[código QR del portal]'),
    ],
  },
  {
    label: 'Otros',
    fields: [
      field('fecha.hoy', 'Fecha de hoy (dd/mm/aaaa)', '01/01/2030'),
      field('fecha.hoy_larga', 'Fecha de hoy en letras («25 de noviembre de 2026»)', '1 de enero de 2030'),
      field('usuario.nombre', 'Quien emite la carta', 'USUARIO DE EJEMPLO'),
    ],
  },
];

/** Every merge field, in the editor's order. */
export const LETTER_FIELDS: readonly LetterFieldInfo[] = LETTER_FIELD_GROUPS.flatMap((group) => group.fields);
const KNOWN = new Set(LETTER_FIELDS.map((f) => f.key));
export const isLetterField = (key: string) => KNOWN.has(key);

/** A value for each merge field (by key). */
export type LetterValues = Record<string, string>;

/** The values the preview uses without a debt: made up, and visibly so. */
export const SAMPLE_LETTER_VALUES: LetterValues = Object.fromEntries(
  LETTER_FIELDS.map((f) => [f.key, f.sample]),
);

/** Where {{portal.qr}} stood: a paragraph that is only this prints the link's QR code (pdf/letter.ts). */
export const PORTAL_QR_MARK = '[código QR del portal]';

/** Whether a template uses the debtor portal: then each letter it makes creates a link. */
export const usesPortal = (...texts: string[]) =>
  texts.some((text) => letterFieldsIn(text).some((key) => key.startsWith('portal.')));

/** `{{ name }}`: what is inside the braces, spaces around it ignored. */
const FIELD = /\{\{([^{}]*)\}\}/g;

/** The names inside `{{…}}` in order of appearance, each once. */
export function letterFieldsIn(text: string): string[] {
  return [...new Set([...text.matchAll(FIELD)].map((match) => (match[1] ?? '').trim()))];
}

/** The names in `{{…}}` that are no merge field (as written, each once); [] when all are known. */
export function unknownLetterFields(text: string): string[] {
  return letterFieldsIn(text).filter((key) => !KNOWN.has(key));
}

export interface MergedLetter {
  text: string;
  /** Unknown names found (left in the text as written). */
  unknown: string[];
}

/** What is left of a line once its fields are removed, when it is only separators: « · », «, ». */
const ONLY_SEPARATORS = /^[\s·,;:\-–—/|]*$/;

/**
 * The body with each known `{{field}}` replaced by its value (a known field without a value prints
 * empty); unknown names are left as written and reported. A line made only of fields that all came
 * out empty (and separators such as « · ») is dropped, so a debtor without an address or an agency
 * without an e-mail leaves no blank line or stray «·»; separators left dangling at a line's ends by
 * an empty field are trimmed. Line breaks and blank lines (the paragraphs) are kept.
 */
export function mergeLetter(body: string, values: LetterValues): MergedLetter {
  const unknown = unknownLetterFields(body);
  const lines: string[] = [];
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    let anyEmpty = false;
    let anyFilled = false;
    const merged = line.replace(FIELD, (whole, inner: string) => {
      const key = inner.trim();
      if (!KNOWN.has(key)) return whole;
      // A value is one line whatever was stored: a name cannot add a line to the letter (issue 30).
      const value = oneLine(values[key] ?? '');
      if (value === '') anyEmpty = true;
      else anyFilled = true;
      return value;
    });
    if (anyEmpty && !anyFilled && ONLY_SEPARATORS.test(merged)) continue;
    lines.push(anyEmpty ? merged.replace(/^[\s·,;|]+|[\s·,;|]+$/g, '') : merged);
  }
  return { text: lines.join('\n'), unknown };
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** 'YYYY-MM-DD' → '25 de noviembre de 2026'. */
export function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} de ${MONTHS[(month ?? 1) - 1]} de ${year}`;
}

/** 'YYYY-MM-DD' → 'dd/mm/aaaa' (empty for null). */
export function dayMonthYear(date: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** The heading of a letter: «Córdoba, 25 de noviembre de 2026», or only the date without a city. */
export function placeAndDate(city: string | null | undefined, date: string): string {
  const place = city?.trim();
  return place ? `${place}, ${longDate(date)}` : longDate(date);
}

/** 12345678 → '12.345.678'. */
export function formatDni(dni: string): string {
  return dni.replace(/\D/g, '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

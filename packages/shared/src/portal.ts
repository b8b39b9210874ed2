/**
 * The debtor's own door (DESIGN.md §11.3): what the portal's API and its small web entry (/pagar)
 * share. No zod here: the /pagar bundle imports this file alone (`@cobranzas/shared/portal`) and
 * must stay under its size budget.
 */

/** A portal session ends after this many minutes without a request. */
export const PORTAL_IDLE_MINUTES = 15;
/** A new link lasts this many days unless staff choose otherwise (1 … PORTAL_LINK_MAX_DAYS). */
export const PORTAL_LINK_DAYS_DEFAULT = 30;
export const PORTAL_LINK_MAX_DAYS = 90;
/** How far ahead a debtor may ask to be called, in days. */
export const PORTAL_CALLBACK_MAX_DAYS = 30;
/** Wrong DNIs for one code before it waits (per code; the address has its own limit). */
export const PORTAL_CODE_MAX_FAILURES = 5;

/**
 * The short code's alphabet: capitals and digits a person cannot mix up when typing from paper
 * (no 0/O, 1/I/L). Ten of them ≈ 49 bits; the DNI and the per-code limit stand behind it.
 */
export const SHORT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SHORT_CODE_LENGTH = 10;

/** «abcde fghjk», «ABCDE-FGHJK» → «ABCDEFGHJK»: what the debtor typed, as the code is kept. */
export const normalizeShortCode = (typed: string) => typed.toUpperCase().replace(/[\s.-]/g, '');

/** «ABCDEFGHJK» → «ABCDE-FGHJK»: how letters print it and staff read it out. */
export const formatShortCode = (code: string) =>
  code.length === SHORT_CODE_LENGTH ? `${code.slice(0, 5)}-${code.slice(5)}` : code;

/** A phone or e-mail as the portal shows it: enough to recognise, not to read (…53, j…@gmail.com). */
export function maskContact(value: string): string {
  const at = value.indexOf('@');
  if (at > 0) return `${value.slice(0, 1)}…${value.slice(at)}`;
  const digits = value.replace(/\D/g, '');
  return `terminado en ${digits.slice(-2)}`;
}

/** What the debtor pays: all it owes today, the next quota (what is left of it), or an amount. */
export const PORTAL_PAY_KINDS = ['TOTAL', 'NEXT_QUOTA', 'AMOUNT'] as const;
export type PortalPayKind = (typeof PORTAL_PAY_KINDS)[number];

/**
 * A payment the debtor started (a payment intent). PENDIENTE until the gateway confirms it
 * (APROBADO: recorded once in the ledger) or says no (RECHAZADO); VENCIDO when its time passed
 * unpaid; A_REVISAR when money arrived that the debt could not take as it was (staff decide).
 */
export const PAYMENT_INTENT_STATUSES = [
  'PENDIENTE',
  'APROBADO',
  'RECHAZADO',
  'VENCIDO',
  'A_REVISAR',
] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];
export const PAYMENT_INTENT_STATUS_LABELS: Record<PaymentIntentStatus, string> = {
  PENDIENTE: 'Pendiente de confirmación',
  APROBADO: 'Acreditado',
  RECHAZADO: 'Rechazado',
  VENCIDO: 'Vencido',
  A_REVISAR: 'En revisión por la agencia',
};
/** How it is paid: online through the gateway, or by bank transfer quoting the reference. */
export const PAYMENT_CHANNELS = ['MERCADOPAGO', 'TRANSFERENCIA'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export const PORTAL_MESSAGES = {
  denied: 'El código o el DNI no son correctos. Revíselos e intente de nuevo.',
  sessionEnded: 'Su sesión terminó. Ingrese de nuevo con su código y su DNI.',
  tooManyTries:
    'Demasiados intentos con este código. Espere 15 minutos o comuníquese con la agencia para pedir uno nuevo.',
  debtNotFound: 'No encontramos esa deuda entre las suyas.',
  debtClosed: 'Esta deuda ya no admite gestiones: está cerrada.',
  alreadyDisputed: 'Ya nos dijo que no reconoce esta deuda: la agencia la está revisando.',
  callbackPast: 'Elija un día y una hora que todavía no hayan pasado.',
  callbackTooFar: (days: number) => `Elija un día dentro de los próximos ${days} días.`,
  channelMissing: 'No tenemos registrado ese medio de contacto.',
  channelAlreadyClosed: 'Ese medio de contacto ya estaba dado de baja.',
  linkRevoked: 'El enlace ya estaba revocado.',
  linkNotFound: 'El enlace no existe o no es de este deudor.',
  // What lands in the debt's timeline (the events of type PORTAL_EVENT_TYPE).
  sessionEvent: 'El deudor ingresó al portal.',
  promiseEvent: (amount: string, day: string) =>
    `Desde el portal, el deudor prometió pagar ${amount} el ${day}.`,
  callbackEvent: (when: string, phone: string) =>
    `Desde el portal, el deudor pidió que lo llamen el ${when} al ${phone}.`,
  disputeEvent: (reason: string) => `Desde el portal, el deudor dijo «no reconozco esta deuda»: ${reason}`,
  optOutEvent: (channel: string) => `Desde el portal, el deudor pidió no ser contactado por ${channel}.`,
  requestResolved: (kind: string, by: string) => `${kind} resuelto por ${by}`,
  requestAlreadyResolved: 'El pedido ya estaba resuelto.',
  nothingOwed: 'Esta deuda no tiene saldo para pagar.',
  noQuotaDue: 'Esta deuda no tiene una cuota por pagar.',
  belowMinimum: (least: string) => `El importe mínimo para pagar esta deuda es ${least}.`,
  aboveTotal: (total: string) => `El importe no puede superar lo que debe hoy: ${total}.`,
  gatewayDown:
    'Mercado Pago no responde en este momento. Intente de nuevo en unos minutos o comuníquese con la agencia.',
  noReceipt: 'Ese pago no existe, no es suyo o todavía no se acreditó.',
  payStartedEvent: (amount: string, how: string, reference: string) =>
    `Desde el portal, el deudor inició un pago de ${amount} por ${how} (referencia ${reference}).`,
  paidEvent: (amount: string, gatewayId: string, reference: string) =>
    `Pago en línea acreditado: ${amount} (Mercado Pago ${gatewayId}, referencia ${reference}).`,
  paidNote: (gatewayId: string, reference: string) =>
    `Pagado en línea desde el portal del deudor (Mercado Pago ${gatewayId}, referencia ${reference}).`,
  reviewEvent: (amount: string, gatewayId: string, reason: string) =>
    `Llegó un pago en línea de ${amount} (Mercado Pago ${gatewayId}) que no se pudo imputar: ${reason} La agencia debe revisarlo.`,
  reviewClosed: 'la deuda está cerrada.',
  reviewSecond: (reference: string) =>
    `el pago iniciado (referencia ${reference}) ya tenía un pago acreditado.`,
  takenBackEvent: (amount: string, gatewayId: string, status: string) =>
    `Mercado Pago informó que el pago en línea de ${amount} (${gatewayId}) quedó «${status}»: el pago sigue en el libro; la agencia debe revisarlo y, si corresponde, anularlo.`,
  usdOnline:
    'Mercado Pago cobra solo en pesos: para pagar esta deuda en dólares, comuníquese con la agencia.',
  reviewAbove: (total: string) => `supera lo que la deuda debe hoy (${total}).`,
  reviewAmount: (expected: string) => `no coincide con el importe del pago iniciado (${expected}).`,
  badSignature: 'La firma de la notificación no es válida.',
  offerChanged:
    'La oferta cambió desde que la vio (por un pago o por la fecha). Revise las ofertas de nuevo.',
  offerWithPlan: 'Esta deuda ya tiene un plan de pagos: no admite otra oferta.',
  offerAcceptedEvent: (id: number, title: string, amount: string, discount: string) =>
    `Desde el portal, el deudor aceptó la oferta ${id} («${title}»): paga ${amount}${discount}. Términos en PDF guardados.`,
  noTerms: 'Esa oferta no existe o no es suya.',
  noTransferAccount:
    'La agencia todavía no informó una cuenta para transferencias. Comuníquese con ella para pagar.',
  noOpenDispute: 'Esta deuda no tiene un desconocimiento abierto: primero cuéntenos por qué no la reconoce.',
  disputeHasDocument: 'Ese desconocimiento ya tiene un documento adjunto.',
  documentType: 'Solo se aceptan archivos PDF, JPG o PNG.',
  documentTooLarge: 'El archivo supera los 5 MB.',
  documentEvent: (name: string) =>
    `Desde el portal, el deudor adjuntó «${name}» a su desconocimiento de la deuda.`,
} as const;

/** The Gestión type of what the debtor did in the portal (created on first use, like the system's). */
export const PORTAL_EVENT_TYPE = 'Portal del deudor';
/** How the audit log and the timeline name the author of a debtor's own action. */
export const PORTAL_ACTOR_NAME = 'Portal del deudor';

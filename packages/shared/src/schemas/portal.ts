import { z } from 'zod';
import { defineCall } from '../call';
import { CURRENCIES, QUOTA_STATUSES } from '../enums';
import {
  PAYMENT_CHANNELS,
  PAYMENT_INTENT_STATUSES,
  PORTAL_LINK_DAYS_DEFAULT,
  PORTAL_LINK_MAX_DAYS,
  PORTAL_PAY_KINDS,
} from '../portal';
import { PORTAL_OFFER_KINDS } from '../portalOffers';
import { CONTACT_CHANNELS } from './channels';
import { dateSchema, idParamsSchema, idSchema, instantSchema, positiveMoneySchema } from './common';

/**
 * The debtor's own door (DESIGN.md §11.3): the staff's calls that open and close it, and the portal's
 * own calls (under /api/portal, guarded by a portal session, never by a staff token).
 */

// ——— Staff: the debtor's links ———

export const PORTAL_LINK_STATUSES = ['VIGENTE', 'VENCIDO', 'REVOCADO'] as const;
export type PortalLinkStatus = (typeof PORTAL_LINK_STATUSES)[number];
export const PORTAL_LINK_STATUS_LABELS: Record<PortalLinkStatus, string> = {
  VIGENTE: 'Vigente',
  VENCIDO: 'Vencido',
  REVOCADO: 'Revocado',
};

/** A link as staff list it: its codes were shown once, when it was made, and are kept only hashed. */
export const portalLinkSchema = z.object({
  id: z.number().int(),
  debtorId: z.number().int(),
  status: z.enum(PORTAL_LINK_STATUSES),
  expiresAt: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedByName: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type PortalLink = z.infer<typeof portalLinkSchema>;

/** What making a link answers, once: the personal URL (≥ 128 bits) and the short code for letters. */
export const portalLinkCreatedSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  code: z.string(),
  expiresAt: z.string(),
});
export type PortalLinkCreated = z.infer<typeof portalLinkCreatedSchema>;

export const portalLinkCreateSchema = z
  .object({
    days: z
      .number({ error: 'Indique los días de vigencia.' })
      .int({ error: 'Indique un número entero de días.' })
      .min(1, { error: 'El enlace debe durar al menos un día.' })
      .max(PORTAL_LINK_MAX_DAYS, { error: `El enlace puede durar hasta ${PORTAL_LINK_MAX_DAYS} días.` })
      .default(PORTAL_LINK_DAYS_DEFAULT),
  })
  .strict();

const linkParamsSchema = z.object({ id: idSchema, linkId: idSchema });

export const portalLinkCreateCall = defineCall({
  method: 'POST',
  path: '/debtors/:id/portal-link',
  tag: 'deudores',
  summary: 'Crear un enlace personal al portal del deudor (se muestra una sola vez)',
  params: idParamsSchema,
  body: portalLinkCreateSchema,
  answer: portalLinkCreatedSchema,
  status: 201,
  errors: { 404: 'El deudor no existe.' },
});

export const portalLinksCall = defineCall({
  method: 'GET',
  path: '/debtors/:id/portal-links',
  tag: 'deudores',
  summary: 'Los enlaces al portal de un deudor, vigentes y pasados',
  params: idParamsSchema,
  answer: z.object({ data: z.array(portalLinkSchema) }),
  errors: { 404: 'El deudor no existe.' },
});

export const portalLinkRevokeCall = defineCall({
  method: 'POST',
  path: '/debtors/:id/portal-links/:linkId/revoke',
  tag: 'deudores',
  summary: 'Revocar un enlace al portal: sus sesiones terminan en el acto',
  params: linkParamsSchema,
  answer: portalLinkSchema,
  errors: { 404: 'El enlace no existe o no es de este deudor.', 409: 'El enlace ya estaba revocado.' },
});

// ——— Staff: what the debtor asked for ———

export const PORTAL_REQUEST_KINDS = ['CALLBACK', 'DISPUTE'] as const;
export type PortalRequestKind = (typeof PORTAL_REQUEST_KINDS)[number];
export const PORTAL_REQUEST_KIND_LABELS: Record<PortalRequestKind, string> = {
  CALLBACK: 'Pedido de llamada',
  DISPUTE: 'Desconocimiento de deuda',
};
export const PORTAL_REQUEST_STATUSES = ['ABIERTO', 'RESUELTO'] as const;
export type PortalRequestStatus = (typeof PORTAL_REQUEST_STATUSES)[number];

export const portalRequestSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  kind: z.enum(PORTAL_REQUEST_KINDS),
  status: z.enum(PORTAL_REQUEST_STATUSES),
  /** DISPUTE: the debtor's reason; CALLBACK: what they want to talk about (may be empty). */
  text: z.string().nullable(),
  /** CALLBACK: when to call and where. */
  callAt: z.string().nullable(),
  phone: z.string().nullable(),
  /** DISPUTE: the document the debtor attached (GET /api/documents/{id}/content). */
  documentId: z.number().int().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type PortalRequest = z.infer<typeof portalRequestSchema>;

export const portalRequestsCall = defineCall({
  method: 'GET',
  path: '/debts/:id/portal-requests',
  tag: 'deudas',
  summary: 'Lo que el deudor pidió desde el portal para una deuda (llamadas, desconocimientos)',
  params: idParamsSchema,
  answer: z.object({ data: z.array(portalRequestSchema) }),
  errors: { 404: 'La deuda no existe.' },
});

export const portalRequestResolveCall = defineCall({
  method: 'POST',
  path: '/debts/:id/portal-requests/:requestId/resolve',
  tag: 'deudas',
  summary: 'Resolver un pedido del portal: un desconocimiento resuelto deja volver a contactar al deudor',
  params: z.object({ id: idSchema, requestId: idSchema }),
  body: z
    .object({
      resolution: z
        .string({ error: 'Escriba cómo se resolvió.' })
        .trim()
        .min(3, { error: 'Escriba cómo se resolvió.' })
        .max(2000, { error: 'Hasta 2000 caracteres.' }),
    })
    .strict(),
  answer: portalRequestSchema,
  errors: { 404: 'El pedido no existe o no es de esta deuda.', 409: 'El pedido ya estaba resuelto.' },
});

// ——— The portal ———

export const portalSessionRequestSchema = z
  .object({
    code: z
      .string({ error: 'Ingrese su código.' })
      .trim()
      .min(1, { error: 'Ingrese su código.' })
      .max(100, { error: 'El código es demasiado largo.' }),
    dni: z
      .string({ error: 'Ingrese su DNI.' })
      .trim()
      .min(1, { error: 'Ingrese su DNI.' })
      .max(20, { error: 'El DNI es demasiado largo.' }),
  })
  .strict();

export const portalSessionSchema = z.object({
  token: z.string(),
  /** The session ends after this many minutes without a request. */
  idleMinutes: z.number().int(),
  firstName: z.string(),
});
export type PortalSession = z.infer<typeof portalSessionSchema>;

export const portalSessionCall = defineCall({
  method: 'POST',
  path: '/portal/session',
  tag: 'portal',
  summary: 'Entrar al portal con el código (del enlace o de la carta) y el DNI',
  body: portalSessionRequestSchema,
  answer: portalSessionSchema,
  errors: { 429: 'Demasiados intentos desde esta dirección o con este código.' },
});

export const portalSessionEndCall = defineCall({
  method: 'DELETE',
  path: '/portal/session',
  tag: 'portal',
  summary: 'Salir del portal',
  answer: null,
  errors: {},
});

const portalQuotaSchema = z.object({
  number: z.number().int(),
  dueDate: z.string(),
  amount: z.string(),
  paid: z.string(),
  status: z.enum(QUOTA_STATUSES),
});

export const portalOfferSchema = z.object({
  kind: z.enum(PORTAL_OFFER_KINDS),
  title: z.string(),
  balance: z.string(),
  amount: z.string(),
  discount: z.string(),
  quotas: z.number().int(),
  downPayment: z.string(),
  firstDueDate: z.string(),
  schedule: z.array(z.object({ number: z.number().int(), dueDate: z.string(), amount: z.string() })),
});

export const portalDebtSchema = z.object({
  id: z.number().int(),
  /** The creditor: the company that hired the agency. */
  company: z.string(),
  currency: z.enum(CURRENCIES),
  /** What it owes on `date` (today): DESIGN.md §11.1's total, the figure staff see. */
  date: z.string(),
  total: z.string(),
  plan: z
    .object({
      quotas: z.array(portalQuotaSchema),
      /** The first quota not fully paid: its number, due date and what is left of it. */
      next: z.object({ number: z.number().int(), dueDate: z.string(), owed: z.string() }).nullable(),
    })
    .nullable(),
  /** The debtor said «no reconozco esta deuda» and staff have not resolved it yet. */
  disputed: z.boolean(),
  /** The open dispute's document, when one was attached (its file name). */
  disputeDocument: z.string().nullable(),
  /** The offer accepted in the portal that the debt's plan came from: its terms are downloadable. */
  termsOfferId: z.number().int().nullable(),
  /** A callback asked for and not yet resolved, when. */
  callbackAt: z.string().nullable(),
  /** Closed debts are shown, without actions. */
  open: z.boolean(),
  /** The least the debtor may pay as «un importe» (the company's minimum, never above `total`). */
  minimumPayment: z.string(),
  /** What the debtor may take at once, within the company's envelope (none while a plan stands or it is disputed). */
  offers: z.array(portalOfferSchema),
});
export type PortalDebt = z.infer<typeof portalDebtSchema>;

export const portalChannelSchema = z.object({
  channel: z.enum(CONTACT_CHANNELS),
  /** «Teléfono terminado en 53», «Correo j…@gmail.com». */
  label: z.string(),
  closed: z.boolean(),
});

export const portalOverviewSchema = z.object({
  debtor: z.object({ firstName: z.string() }),
  agency: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    /** «de lunes a viernes, de 08:00 a 20:00». */
    hours: z.string(),
  }),
  channels: z.array(portalChannelSchema),
  debts: z.array(portalDebtSchema),
  /** How payments are taken: online (a gateway is configured) or by bank transfer only. */
  payments: z.enum(PAYMENT_CHANNELS),
});
export type PortalOverview = z.infer<typeof portalOverviewSchema>;

export const portalDebtsCall = defineCall({
  method: 'GET',
  path: '/portal/debts',
  tag: 'portal',
  summary: 'Las deudas del deudor: acreedor, lo que debe hoy, su plan y el contacto de la agencia',
  answer: portalOverviewSchema,
  errors: {},
});

const debtActionErrors = {
  404: 'La deuda no existe o no es del deudor.',
  409: 'La deuda está cerrada o el pedido ya se hizo.',
} as const;

export const portalPromiseCall = defineCall({
  method: 'POST',
  path: '/portal/debts/:id/promise',
  tag: 'portal',
  summary: 'Prometer un pago: un importe y un día',
  params: idParamsSchema,
  body: z.object({ amount: positiveMoneySchema, dueDate: dateSchema }).strict(),
  answer: z.object({ id: z.number().int(), amount: z.string(), dueDate: z.string() }),
  status: 201,
  errors: debtActionErrors,
});

export const portalCallbackCall = defineCall({
  method: 'POST',
  path: '/portal/debts/:id/callback',
  tag: 'portal',
  summary: 'Pedir que la agencia llame en un día y hora',
  params: idParamsSchema,
  body: z
    .object({
      callAt: instantSchema,
      phone: z
        .string({ error: 'Ingrese un teléfono.' })
        .trim()
        .regex(/^[\d\s()+-]{6,30}$/, { error: 'Ingrese un teléfono con su característica (solo números).' }),
      note: z
        .string()
        .trim()
        .max(500, { error: 'Hasta 500 caracteres.' })
        .nullish()
        .transform((v) => v || null),
    })
    .strict(),
  answer: z.object({ id: z.number().int(), callAt: z.string() }),
  status: 201,
  errors: debtActionErrors,
});

export const portalDisputeCall = defineCall({
  method: 'POST',
  path: '/portal/debts/:id/dispute',
  tag: 'portal',
  summary: 'Desconocer la deuda («no reconozco esta deuda»): la agencia deja de contactarlo hasta revisarla',
  params: idParamsSchema,
  body: z
    .object({
      reason: z
        .string({ error: 'Cuéntenos por qué no la reconoce.' })
        .trim()
        .min(10, { error: 'Cuéntenos por qué no la reconoce (al menos 10 caracteres).' })
        .max(2000, { error: 'Hasta 2000 caracteres.' }),
    })
    .strict(),
  answer: z.object({ id: z.number().int() }),
  status: 201,
  errors: debtActionErrors,
});

export const portalOptOutCall = defineCall({
  method: 'POST',
  path: '/portal/opt-out',
  tag: 'portal',
  summary: 'Dejar de recibir contactos por un medio (teléfono o correo)',
  body: z.object({ channel: z.enum(CONTACT_CHANNELS, { error: 'Elija un medio de contacto.' }) }).strict(),
  answer: z.object({ channels: z.array(portalChannelSchema) }),
  errors: { 409: 'Ese medio ya estaba dado de baja o no está registrado.' },
});

// ——— Paying ———

export const transferInstructionsSchema = z.object({
  /** The agency, as the account holder. */
  holder: z.string(),
  cuit: z.string().nullable(),
  cbu: z.string().nullable(),
  alias: z.string().nullable(),
  /** What the debtor writes in the transfer's concept so the money finds its debt. */
  reference: z.string(),
});
export type TransferInstructions = z.infer<typeof transferInstructionsSchema>;

export const paymentIntentSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  company: z.string(),
  /** Short and typeable: the gateway's external_reference and the transfer's concept. */
  reference: z.string(),
  kind: z.enum(PORTAL_PAY_KINDS),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  channel: z.enum(PAYMENT_CHANNELS),
  status: z.enum(PAYMENT_INTENT_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When the gateway approved it (APROBADO). */
  paidAt: z.string().nullable(),
  /** MERCADOPAGO, PENDIENTE: where to send the debtor to pay (the gateway's checkout). */
  redirectUrl: z.string().nullable(),
  /** TRANSFERENCIA: the agency's account and the reference to quote. */
  transfer: transferInstructionsSchema.nullable(),
  /** APROBADO: the receipt can be downloaded (GET /api/portal/payments/{id}/receipt). */
  hasReceipt: z.boolean(),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

export const portalPayCall = defineCall({
  method: 'POST',
  path: '/portal/debts/:id/pay',
  tag: 'portal',
  summary: 'Pagar: todo lo que debe hoy, la próxima cuota o un importe (con Mercado Pago o transferencia)',
  params: idParamsSchema,
  body: z
    .object({
      kind: z.enum(PORTAL_PAY_KINDS, { error: 'Elija qué quiere pagar.' }),
      /** AMOUNT only: at least the company's minimum, at most what it owes today. */
      amount: positiveMoneySchema.optional(),
    })
    .strict()
    .refine((body) => body.kind !== 'AMOUNT' || body.amount !== undefined, {
      error: 'Ingrese el importe que quiere pagar.',
      path: ['amount'],
    }),
  answer: paymentIntentSchema,
  status: 201,
  errors: {
    400: 'El importe es menor que el mínimo o mayor que lo que debe.',
    404: 'La deuda no existe o no es del deudor.',
    409: 'La deuda está cerrada, no tiene cuota por pagar o el medio de pago no responde.',
  },
});

export const portalPaymentsCall = defineCall({
  method: 'GET',
  path: '/portal/payments',
  tag: 'portal',
  summary: 'Los pagos que el deudor inició en el portal, los últimos primero (o el de una referencia)',
  query: z.object({ reference: z.string().trim().max(40).optional() }).strict(),
  answer: z.object({ data: z.array(paymentIntentSchema) }),
  errors: {},
});

export const portalReceiptCall = defineCall({
  method: 'GET',
  path: '/portal/payments/:id/receipt',
  tag: 'portal',
  summary: 'El recibo de un pago acreditado (PDF)',
  params: idParamsSchema,
  answer: { file: 'application/pdf', description: 'El recibo del pago' },
  errors: { 404: 'El pago no existe, no es del deudor o todavía no se acreditó.' },
});

// ——— Offers ———

export const portalAcceptOfferCall = defineCall({
  method: 'POST',
  path: '/portal/debts/:id/offers/accept',
  tag: 'portal',
  summary: 'Aceptar una oferta del portal: se vuelve el plan de pagos, con sus términos en PDF',
  params: idParamsSchema,
  /** The offer as the debtor saw it: accepted only while the portal still makes exactly that one. */
  body: z
    .object({
      kind: z.enum(PORTAL_OFFER_KINDS, { error: 'Elija una oferta.' }),
      amount: positiveMoneySchema,
      quotas: z.number().int().min(1).max(120),
      firstDueDate: dateSchema,
    })
    .strict(),
  answer: z.object({ offerId: z.number().int(), acceptedAt: z.string(), termsSha256: z.string() }),
  status: 201,
  errors: {
    404: 'La deuda no existe o no es del deudor.',
    409: 'La oferta cambió o ya no está disponible, o la deuda ya tiene un plan.',
  },
});

export const portalOfferTermsCall = defineCall({
  method: 'GET',
  path: '/portal/offers/:id/terms',
  tag: 'portal',
  summary: 'Los términos de una oferta aceptada en el portal (PDF)',
  params: idParamsSchema,
  answer: { file: 'application/pdf', description: 'Los términos aceptados' },
  errors: { 404: 'La oferta no existe o no es del deudor.' },
});

/** The largest document a debtor may attach to a dispute (a PDF or a photo). */
export const PORTAL_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

export const portalDisputeDocumentCall = defineCall({
  method: 'POST',
  path: '/portal/debts/:id/dispute/document',
  tag: 'portal',
  summary: 'Adjuntar un documento (PDF, JPG o PNG, hasta 5 MB) al desconocimiento abierto de una deuda',
  params: idParamsSchema,
  answer: z.object({ documentId: z.number().int(), fileName: z.string() }),
  status: 201,
  errors: {
    404: 'La deuda no existe o no es del deudor.',
    409: 'La deuda no tiene un desconocimiento abierto o ya tiene un documento.',
    413: 'El archivo supera los 5 MB.',
    415: 'Solo se aceptan PDF, JPG o PNG.',
  },
});

/** Staff: the terms a debtor accepted in the portal, with the evidence printed on them. */
export const offerTermsCall = defineCall({
  method: 'GET',
  path: '/offers/:id/terms',
  tag: 'ofertas de quita',
  summary: 'Los términos que el deudor aceptó en el portal (PDF), tal como se guardaron',
  params: idParamsSchema,
  answer: { file: 'application/pdf', description: 'Los términos aceptados' },
  errors: { 403: 'Solo el personal de la agencia.', 404: 'La oferta no se aceptó en el portal.' },
});

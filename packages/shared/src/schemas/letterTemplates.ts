import { z } from 'zod';
import { defineCall } from '../call';
import { unknownLetterFields } from '../letters';
import { MESSAGES } from '../messages';
import { defineResource } from '../resource';
import { idSchema, optionalText, partialUpdate, requiredNote, requiredText, timestamps } from './common';

/**
 * Letter templates (DESIGN.md §10.5): an ADMIN edits them (SystemManagement, like the rate tables),
 * staff print them per debt at GET /api/debts/{id}/letters/{code}. The body holds merge fields
 * ({{deudor.nombre}}, …: the list is LETTER_FIELDS in letters.ts); naming any other is a 400.
 */

export const LETTER_TEMPLATE_KINDS = ['INTIMACION', 'PROPUESTA', 'LIBRE_DEUDA', 'OTRA'] as const;
export type LetterTemplateKind = (typeof LETTER_TEMPLATE_KINDS)[number];
export const LETTER_TEMPLATE_KIND_LABELS: Record<LetterTemplateKind, string> = {
  INTIMACION: 'Intimación de pago',
  PROPUESTA: 'Propuesta de pago',
  LIBRE_DEUDA: 'Libre deuda',
  OTRA: 'Otra',
};

/** The longest body a template takes (a few pages of text). */
export const LETTER_BODY_MAX = 20_000;

/** The code names the template in URLs: lowercase letters, digits and single dashes. */
const CODE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const withKnownFields = <T extends z.ZodType<string | null>>(schema: T) =>
  schema.superRefine((text, ctx) => {
    const unknown = text ? unknownLetterFields(text) : [];
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: MESSAGES.letterUnknownFields(unknown) });
  });

export const letterTemplateSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(LETTER_TEMPLATE_KINDS),
  subject: z.string().nullable(),
  body: z.string(),
  ...timestamps,
});
export type LetterTemplate = z.infer<typeof letterTemplateSchema>;

export const letterTemplateCreateSchema = z.object({
  code: requiredText(40)
    .transform((code) => code.toLowerCase())
    .refine((code) => CODE_PATTERN.test(code), { error: MESSAGES.letterTemplateCodeInvalid }),
  name: requiredText(120),
  kind: z.enum(LETTER_TEMPLATE_KINDS, { error: MESSAGES.letterTemplateKindInvalid }).default('OTRA'),
  subject: withKnownFields(optionalText(200)),
  body: withKnownFields(requiredNote(LETTER_BODY_MAX)),
});
export const letterTemplateUpdateSchema = partialUpdate(letterTemplateCreateSchema);
export type LetterTemplateCreate = z.input<typeof letterTemplateCreateSchema>;
export type LetterTemplateUpdate = z.input<typeof letterTemplateUpdateSchema>;

export const letterTemplatesResource = defineResource({
  path: 'letter-templates',
  label: 'modelos de cartas',
  item: letterTemplateSchema,
  create: letterTemplateCreateSchema,
  update: letterTemplateUpdateSchema,
  sortable: ['name', 'code', 'kind', 'id', 'createdAt'],
});

/**
 * POST /api/letter-templates/preview: the editor's live preview. Unknown fields are not an error here
 * (the text is being typed): they come back in `unknown` and stay in the text as written.
 */
export const letterPreviewSchema = z.object({
  body: z.string().max(LETTER_BODY_MAX, { error: MESSAGES.tooLong(LETTER_BODY_MAX) }),
  subject: z
    .string()
    .max(200, { error: MESSAGES.tooLong(200) })
    .nullish(),
  /** A debt to take the values from; without it, made-up sample values. */
  debtId: idSchema.nullish(),
});
export type LetterPreviewInput = z.input<typeof letterPreviewSchema>;
export const letterPreviewResultSchema = z.object({
  subject: z.string(),
  text: z.string(),
  unknown: z.array(z.string()),
});
export type LetterPreviewResult = z.infer<typeof letterPreviewResultSchema>;

/** GET /api/debts/{id}/letters/{code}. */
export const letterParamsSchema = z.object({ id: idSchema, code: z.string().max(40) });

/** POST /api/letter-templates/preview: the editor's live preview (made-up values without a debt). */
export const letterPreviewCall = defineCall({
  method: 'POST',
  path: '/letter-templates/preview',
  tag: letterTemplatesResource.label,
  summary: 'Vista previa de una carta: el texto con los campos reemplazados',
  body: letterPreviewSchema,
  answer: letterPreviewResultSchema,
  errors: {
    400: 'El texto es demasiado largo.',
    403: 'Un usuario de empresa cliente no ve los modelos.',
    404: 'La deuda no existe o no es de la empresa del usuario.',
  },
});

/** GET /api/debts/{id}/letters/{code}: the letter as PDF, with the amount owed today. */
export const debtLetterCall = defineCall({
  method: 'GET',
  path: '/debts/:id/letters/:code',
  tag: 'deudas',
  summary: 'Carta de una deuda en PDF, a partir de un modelo (intimación, propuesta, libre deuda…)',
  params: letterParamsSchema,
  answer: { file: 'application/pdf', description: 'El PDF de la carta' },
  errors: {
    403: 'Un usuario de empresa cliente no emite cartas.',
    404: 'La deuda o el modelo no existen.',
    409: 'Libre deuda: la deuda todavía debe.',
  },
});

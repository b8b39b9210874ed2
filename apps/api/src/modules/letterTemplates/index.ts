import {
  agencyToday,
  compareMoney,
  dayMonthYear,
  debtLetterCall,
  defineAbilityFor,
  formatMoney,
  letterPreviewCall,
  letterTemplatesResource,
  MESSAGES,
  mergeLetter,
  SAMPLE_LETTER_VALUES,
} from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, type Executor, routeCall } from '../../crud';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { letters, letterTemplates } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../errors';
import { letterPdf } from '../../pdf/letter';
import { loadAgency } from '../../pdf/letterhead';
import { attachmentHeader } from '../documents/content';
import type { PortalLinkMaker } from '../portal/links';
import { renderDebtLetter } from './render';
import { agencyValues, letterContext } from './values';

/**
 * A template a strategy names, or a letter waits to be printed with, keeps its code (issue 36): a
 * strategy would otherwise print or e-mail nothing and say it did.
 */
async function assertUnused(db: Executor, code: string) {
  const [use] = rowsOf<{ strategy: string | null; waiting: number }>(
    await db.execute(sql`SELECT (SELECT s.name FROM strategies s, jsonb_array_elements(s.actions) a
        WHERE a->>'templateCode' = ${code} ORDER BY s.id LIMIT 1) AS strategy,
      (SELECT count(*)::int FROM letter_queue q WHERE q.template_code = ${code} AND q.batch_id IS NULL) AS waiting`),
  );
  if (use?.strategy) throw conflict(MESSAGES.letterTemplateInStrategy(use.strategy));
  if (use?.waiting) throw conflict(MESSAGES.letterTemplateWaiting(use.waiting));
}

/** 'REF 12/3' → 'REF-12-3': what a file name takes of a debt's reference. */
const fileSafe = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

/**
 * Letter templates (DESIGN.md §10.5): the generic calls at /api/letter-templates (SystemManagement:
 * ADMIN writes, GENERAL reads, CLIENTE 403), the editor's preview, and the letter of a debt as PDF.
 */
export function letterTemplatesModule(app: FastifyInstance, db: Db, portalLink: PortalLinkMaker) {
  crudModule(app, db, {
    definition: letterTemplatesResource,
    table: letterTemplates,
    sortable: {
      name: letterTemplates.name,
      code: letterTemplates.code,
      kind: [letterTemplates.kind, letterTemplates.name],
      id: letterTemplates.id,
      createdAt: letterTemplates.createdAt,
    },
    search: [letterTemplates.name, letterTemplates.code, letterTemplates.subject],
    unique: { letter_templates_code_unique: { field: 'code', message: MESSAGES.letterTemplateCodeTaken } },
    hooks: {
      async beforeDelete(current, { db }) {
        await assertUnused(db, current.code);
      },
      async beforeUpdate(input, current, { db }) {
        if (input.code !== undefined && input.code !== current.code) await assertUnused(db, current.code);
        return input;
      },
    },
  });

  /**
   * POST /api/letter-templates/preview: the text a body and subject give for a debt (its values
   * today), or with made-up values without one. Unknown fields stay as written and are listed.
   * Staff who may view the templates (ADMIN, GENERAL); a CLIENTE 403.
   */
  routeCall(
    app,
    letterPreviewCall,
    {
      // A POST that writes nothing: who may read the templates may preview them (not only who adds).
      config: { access: 'authenticated' },
      onRequest: async (request) => {
        if (!defineAbilityFor(request.user).can('view', letterTemplatesResource.subject))
          throw new HttpError(403, MESSAGES.forbidden);
      },
    },
    async (request) => {
      const { body, subject, debtId } = request.body;
      let values = SAMPLE_LETTER_VALUES;
      if (debtId !== null && debtId !== undefined) {
        const context = await letterContext(db, debtId, request.user);
        if (!context) throw notFound();
        values = context.values;
      } else {
        // The agency's own data and today are real even in the sample (the balance is of today too).
        const today = agencyToday();
        values = {
          ...values,
          ...agencyValues(await loadAgency(db), today, request.user),
          'saldo.fecha': dayMonthYear(today),
        };
      }
      const text = mergeLetter(body, values);
      const title = mergeLetter(subject ?? '', values);
      return {
        subject: title.text,
        text: text.text,
        unknown: [...new Set([...title.unknown, ...text.unknown])],
      };
    },
  );

  /**
   * GET /api/debts/{id}/letters/{code}: the template merged with the debt's data and its balance to
   * date of today, as a PDF attachment. Staff only (a CLIENTE 403, though it may view its debts); a
   * libre deuda is refused (409) while that balance is not zero.
   */
  routeCall(app, debtLetterCall, {}, async (request, reply) => {
    if (request.user.type === 'CLIENTE') throw new HttpError(403, MESSAGES.forbidden);
    const { id, code } = request.params;
    const [template] = await db.select().from(letterTemplates).where(eq(letterTemplates.code, code));
    if (!template) throw notFound();
    const rendered = await renderDebtLetter(db, template, id, request.user, portalLink, (balance) => {
      if (template.kind === 'LIBRE_DEUDA' && compareMoney(balance.total, '0') !== 0)
        throw conflict(
          MESSAGES.letterNotFree(
            formatMoney(balance.total, balance.currency === 'USD' ? 'USD' : 'ARS'),
            dayMonthYear(balance.date),
          ),
        );
    });
    if (!rendered) throw notFound();
    const { debt } = rendered;
    const pdf = await letterPdf(rendered.document);
    const fileName = `carta-${template.code}-${fileSafe(debt.reference ?? '') || debt.id}.pdf`;
    // The PDF handed over is the letter sent: the debtor's file lists it (issue 32).
    await db.insert(letters).values({
      debtId: id,
      templateCode: template.code,
      templateName: template.name,
      userId: request.user.sub,
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentHeader(fileName))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}

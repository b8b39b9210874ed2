/**
 * The statement of a settlement (rendición, DESIGN.md §10.4, issue 19): GET …/file (.xlsx) and
 * GET …/pdf, read like GET /api/settlements/{id} (a CLIENTE: its company's CLOSED ones, else 404).
 */
import { PassThrough } from 'node:stream';
import { idParamsSchema, personName, type TokenPayload } from '@cobranzas/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { docsFor, errorResponses } from '../../crud';
import type { Db } from '../../db/client';
import { companies, debtors, debts, settlementLines, settlements } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { loadAgency } from '../../pdf/letterhead';
import { renderPdf } from '../../pdf/render';
import { settlementDocument } from '../../pdf/settlement';
import { XLSX_TYPE } from '../../reports';
import { type StatementHead, type StatementLine, statementFileName } from '../../reports/settlementStatement';
import { writeSettlementWorkbook } from '../../reports/settlementXlsx';
import { settlementScope } from './read';

/** Lines per query: a keyset page of the (settlement_id, date, id) index. */
const PAGE = 2000;

/**
 * The most lines a PDF takes: pdfmake lays a document out in one synchronous call, about 0.6 s and
 * 25 MB per 1 000 lines, so a longer statement would hold the server for long; the .xlsx has no cap.
 */
export const PDF_MAX_LINES = 10_000;
const tooLongForPdf = (items: number) =>
  `La rendición tiene ${items.toLocaleString('es-AR')} líneas y el PDF admite hasta ${PDF_MAX_LINES.toLocaleString('es-AR')}: descargue la planilla Excel.`;

async function readHead(db: Db, id: number, user: TokenPayload): Promise<StatementHead> {
  const [row] = await db
    .select({
      id: settlements.id,
      number: settlements.number,
      status: settlements.status,
      currency: settlements.currency,
      from: settlements.from,
      to: settlements.to,
      items: settlements.items,
      collected: settlements.collected,
      direct: settlements.direct,
      commissionRate: settlements.commissionRate,
      commission: settlements.commission,
      commissions: settlements.commissions,
      vatRate: settlements.vatRate,
      vat: settlements.vat,
      net: settlements.net,
      payable: settlements.payable,
      closedAt: settlements.closedAt,
      companyId: companies.id,
      companyName: companies.name,
      companyCuit: companies.cuit,
    })
    .from(settlements)
    .innerJoin(companies, eq(companies.id, settlements.companyId))
    .where(and(eq(settlements.id, id), settlementScope(user)));
  if (!row) throw notFound();
  const { companyId, companyName, companyCuit, ...head } = row;
  return {
    ...head,
    status: head.status as StatementHead['status'],
    commissions: head.commissions as StatementHead['commissions'],
    company: { id: companyId, name: companyName, cuit: companyCuit },
  };
}

type After = { date: string; id: number } | null;
type DebtFacts = Pick<StatementLine, 'debtor' | 'dni' | 'cuit' | 'reference'>;

/**
 * Who owes each debt of the settlement, read once: one semi-join over the settlement's debts
 * instead of a debt and a debtor looked up per line, which at 100 000 lines took longer than
 * writing the file.
 */
async function debtFactsOf(db: Db, settlementId: number): Promise<Map<number, DebtFacts>> {
  const ofSettlement = db
    .select({ id: settlementLines.debtId })
    .from(settlementLines)
    .where(eq(settlementLines.settlementId, settlementId));
  const rows = await db
    .select({
      id: debts.id,
      firstName: debtors.firstName,
      lastName: debtors.lastName,
      dni: debtors.dni,
      cuit: debtors.cuit,
      reference: debts.reference,
    })
    .from(debts)
    .innerJoin(debtors, eq(debtors.id, debts.debtorId))
    .where(inArray(debts.id, ofSettlement));
  return new Map(
    rows.map(({ id, firstName, lastName, ...facts }) => [
      id,
      { debtor: personName({ firstName, lastName }), ...facts },
    ]),
  );
}

interface LineRow extends Omit<StatementLine, keyof DebtFacts | 'kind'> {
  kind: string;
  debtId: number;
}

/**
 * One keyset page of the lines, by date: one range of the (settlement_id, date, id) index. Async:
 * a real promise, run once (a Drizzle query runs again on each `then`).
 */
async function linePage(db: Db, settlementId: number, after: After, size: number): Promise<LineRow[]> {
  return db
    .select({
      id: settlementLines.id,
      kind: settlementLines.kind,
      debtId: settlementLines.debtId,
      date: settlementLines.date,
      amount: settlementLines.amount,
      debtTypeId: settlementLines.debtTypeId,
      commissionRate: settlementLines.commissionRate,
      paidToClient: settlementLines.paidToClient,
    })
    .from(settlementLines)
    .where(
      and(
        eq(settlementLines.settlementId, settlementId),
        after
          ? sql`(${settlementLines.date}, ${settlementLines.id}) > (${after.date}::date, ${after.id}::integer)`
          : undefined,
      ),
    )
    .orderBy(asc(settlementLines.date), asc(settlementLines.id))
    .limit(size);
}

/** A line with its debt's facts; one deleted since the draft (lines have no foreign key) still prints. */
function withDebt(line: LineRow, facts: DebtFacts | undefined): StatementLine {
  return {
    id: line.id,
    // The kind is a varchar in the table; its CHECK holds it to the two kinds.
    kind: line.kind as StatementLine['kind'],
    date: line.date,
    amount: line.amount,
    debtTypeId: line.debtTypeId,
    commissionRate: line.commissionRate,
    paidToClient: line.paidToClient,
    debtor: facts?.debtor ?? `Deuda ${line.debtId} (borrada)`,
    dni: facts?.dni ?? '',
    cuit: facts?.cuit ?? null,
    reference: facts?.reference ?? null,
  };
}

/** The lines a page at a time, with their debtor; the next page is read while this one is written. */
export async function* linePages(db: Db, settlementId: number, size = PAGE): AsyncGenerator<StatementLine[]> {
  const facts = await debtFactsOf(db, settlementId);
  const read = (after: After) => {
    const page = linePage(db, settlementId, after, size);
    // Not awaited if the caller stops early (client gone): no unhandled rejection then.
    page.catch(() => {});
    return page;
  };
  let next: Promise<LineRow[]> | null = read(null);
  while (next) {
    const page: LineRow[] = await next;
    const last = page[page.length - 1];
    next = last && page.length === size ? read({ date: last.date, id: last.id }) : null;
    if (page.length > 0) yield page.map((line) => withDebt(line, facts.get(line.debtId)));
  }
}

async function allLines(db: Db, settlementId: number): Promise<StatementLine[]> {
  const lines: StatementLine[] = [];
  for await (const page of linePages(db, settlementId)) lines.push(...page);
  return lines;
}

const attachment = (name: string) => `attachment; filename="${name}"`;

export function settlementFileRoutes(app: FastifyInstance, db: Db) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/settlements/:id/file',
    {
      schema: {
        ...docsFor('rendiciones'),
        summary: 'La rendición en Excel: sus líneas y totales',
        params: idParamsSchema,
        produces: [XLSX_TYPE],
        response: { 200: z.unknown().describe('Planilla .xlsx'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const head = await readHead(db, request.params.id, request.user);
      const agency = await loadAgency(db);
      const out = new PassThrough();
      // Without a listener, a write after the client left would be an uncaught 'error' event.
      out.on('error', () => {});
      writeSettlementWorkbook(out, agency, head, linePages(db, head.id))
        .then((count) => {
          // A draft deleted midway would leave a file whose lines do not add up to its totals: cut it.
          if (count !== head.items)
            throw new Error(`la rendición ${head.id} cambió: ${count} de ${head.items} líneas`);
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'planilla de rendición interrumpida');
          out.destroy(error instanceof Error ? error : new Error(String(error)));
        });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachment(statementFileName(head, 'xlsx')))
        .header('cache-control', 'private, no-store')
        .send(out);
    },
  );

  api.get(
    '/api/settlements/:id/pdf',
    {
      schema: {
        ...docsFor('rendiciones'),
        summary: 'La rendición en PDF, con los datos de la agencia',
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.unknown().describe('El PDF de la rendición'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const head = await readHead(db, request.params.id, request.user);
      if (head.items > PDF_MAX_LINES) throw conflict(tooLongForPdf(head.items));
      const [agency, lines] = await Promise.all([loadAgency(db), allLines(db, head.id)]);
      const pdf = await renderPdf(settlementDocument(agency, head, lines));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', pdf.length)
        .header('content-disposition', attachment(statementFileName(head, 'pdf')))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}

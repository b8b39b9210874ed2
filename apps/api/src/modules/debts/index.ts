import {
  debtSchema,
  debtsResource,
  dniOrCuitParamsSchema,
  listResponseSchema,
  MESSAGES,
  onlyDigits,
  visibleTo,
} from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  crudModule,
  dateFrom,
  dateTo,
  docsFor,
  equals,
  errorResponses,
  filterOn,
  instantFromDay,
  instantToDay,
  rememberSentKeys,
  wasSent,
} from '../../crud';
import type { Db } from '../../db/client';
import { debts } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { caseFollowsDebt, prescribesWithin } from '../cases/debtFacts';
import { debtScope } from '../scope';
import { assignRoute } from './assign';
import { checkAssignee } from './assignee';
import { balanceRoute } from './balance';
import { balancesRoute } from './balances';
import { keepBooks, originalOverdrawn } from './books';
import { dniLookup } from './byDni';
import { debtColumns, debtJoins, debtsOfDebtor } from './columns';
import { exportRoute } from './export';
import { historyRoute } from './history';
import { heldDebt, lockDebt } from './lock';
import { prescriptionRoute } from './prescription';
import { DEBT_SEARCH_COLUMNS, debtSearch } from './search';
import type { DebtsService } from './service';
import { keepSettledWhereTheyAre } from './settled';
import { stageChangeRoute } from './stage';
import { statusChangeRoute } from './status';
import { summaryRoute } from './summary';
import { termsOf } from './terms';

const LABEL = 'deudas';

export function debtsModule(app: FastifyInstance, db: Db): DebtsService {
  const service = crudModule(app, db, {
    definition: debtsResource,
    table: debts,
    columns: debtColumns,
    joins: debtJoins,
    sortable: {
      id: debts.id,
      createdAt: debts.createdAt,
      originalAmount: debts.originalAmount,
      defaultDate: debts.defaultDate,
      originDate: debts.originDate,
      reference: debts.reference,
      prescribesOn: [debts.prescribesOn, debts.id],
    },
    // Newest first: the (company, stage, id desc) and (stage, id desc) indexes serve it.
    defaultSort: { column: debts.id, order: 'desc' },
    search: DEBT_SEARCH_COLUMNS,
    indexedSearch: debtSearch,
    filters: {
      debtorId: equals(debts.debtorId, { genericPlan: true }),
      companyId: equals(debts.companyId, { genericPlan: true }),
      debtTypeId: equals(debts.debtTypeId, { genericPlan: true }),
      collectionTypeId: equals(debts.collectionTypeId),
      assignedUserId: equals(debts.assignedUserId),
      importId: equals(debts.importId),
      status: equals(debts.status),
      currency: equals(debts.currency),
      reference: equals(debts.reference),
      dni: filterOn(debts.debtorId, (value: string) => debtsOfDebtor(onlyDigits(value))),
      defaultFrom: dateFrom(debts.defaultDate),
      defaultTo: dateTo(debts.defaultDate),
      createdFrom: instantFromDay(debts.createdAt),
      createdTo: instantToDay(debts.createdAt),
      prescribesWithinDays: filterOn(debts.prescribesOn, prescribesWithin),
    },
    scope: debtScope,
    references: {
      debtorId: MESSAGES.debtorNotFound,
      companyId: MESSAGES.companyNotFound,
      debtTypeId: MESSAGES.debtTypeNotFound,
      collectionTypeId: MESSAGES.collectionTypeNotFound,
      assignedUserId: MESSAGES.userNotFound,
      rateTableId: MESSAGES.rateTableNotFound,
    },
    // A debt's row is locked as every money write locks it (the lock ledger, crud/locks.ts).
    lock: async (tx, id, user) => (await lockDebt(tx, id, user, notFound)).row,
    hooks: {
      // Only active staff work a debt (assignee.ts).
      async beforeCreate(input, { db }) {
        // Every debt starts ACTIVA; later statuses come from a recorded change (PATCH …/status).
        if (input.status !== 'ACTIVA') throw badRequest('status', MESSAGES.newDebtStatus);
        await checkAssignee(db, input);
        return input;
      },
      async beforeUpdate(input, current, { db }) {
        // Stage and status change only through their own calls, which leave a Gestión.
        if ('debtTypeId' in input) throw badRequest('debtTypeId', MESSAGES.useStageChange);
        if ('status' in input) throw badRequest('status', MESSAGES.useStatusChange);
        await checkAssignee(db, input, current);
        await keepSettledWhereTheyAre(db, input, current);
        return input;
      },
      // The stored totals start at (a trigger) and follow the original amount, never below what is
      // paid; what it owed before is read on its terms before (rates added to a paid debt reopen it).
      async afterWrite({ before, after }, { db, user }) {
        if (before && after) {
          await keepBooks(db, user, heldDebt(db, after.id), {
            termsBefore: await termsOf(db, before),
            overdrawn: originalOverdrawn,
          });
          if (before.court !== after.court || before.caseNumber !== after.caseNumber)
            await caseFollowsDebt(db, user, after);
        }
      },
    },
  });

  const byDni = dniLookup(db, service);
  stageChangeRoute(app, db, service);
  statusChangeRoute(app, db, service);
  summaryRoute(app, db, service);
  exportRoute(app, db, service);
  historyRoute(app, db, service);
  balanceRoute(app, db);
  prescriptionRoute(app, db);
  balancesRoute(app, db);
  assignRoute(app, db, service);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/debts/dni/:dni',
    {
      schema: {
        ...docsFor(LABEL),
        summary: 'Deudas de un deudor por DNI o CUIT',
        params: dniOrCuitParamsSchema,
        querystring: debtsResource.listQuery,
        response: { 200: listResponseSchema(debtSchema), ...errorResponses },
      },
      preValidation: (request) => rememberSentKeys(request, 'query'),
    },
    async (request) => {
      const explicitOrder = wasSent(request, 'order');
      const page =
        (await byDni(request.params.dni, request.query, request.user, explicitOrder)) ??
        (await service.list(request.query, request.user, debtsOfDebtor(request.params.dni), explicitOrder));
      // A CLIENTE never receives who works the debt (DESIGN.md §11.2).
      return { ...page, data: page.data.map((debt) => visibleTo(debtsResource, request.user.type, debt)) };
    },
  );
  return service;
}

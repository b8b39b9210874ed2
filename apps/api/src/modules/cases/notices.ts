import { CASE_MESSAGES, caseNoticesResource } from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import { crudModule, equals } from '../../crud';
import type { Db } from '../../db/client';
import { caseNotices } from '../../db/schema';
import { badRequest } from '../../errors';
import { lockCase, lockCases, notAfterToday, viaCase } from './access';

function checkDays(sentOn: string, servedOn: string | null) {
  notAfterToday('sentOn', sentOn);
  notAfterToday('servedOn', servedOn);
  if (servedOn && servedOn < sentOn) throw badRequest('servedOn', CASE_MESSAGES.servedBeforeSent);
}

/** A case's cédulas (issue 37): to whom and where, sent and served. */
export function caseNoticesModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    definition: caseNoticesResource,
    table: caseNotices,
    sortable: { sentOn: [caseNotices.sentOn, caseNotices.id], id: caseNotices.id },
    defaultSort: { column: [caseNotices.sentOn, caseNotices.id], order: 'desc' },
    filters: { caseId: equals(caseNotices.caseId) },
    scope: viaCase(caseNotices.caseId),
    parent: { column: caseNotices.caseId, lock: lockCases },
    hooks: {
      async beforeCreate(input, { db, user }) {
        await lockCase(db, input.caseId, user);
        checkDays(input.sentOn, input.servedOn);
        return input;
      },
      beforeUpdate(input, current) {
        checkDays(
          input.sentOn ?? current.sentOn,
          input.servedOn !== undefined ? input.servedOn : current.servedOn,
        );
        return { ...input, updatedAt: new Date() };
      },
    },
  });
}

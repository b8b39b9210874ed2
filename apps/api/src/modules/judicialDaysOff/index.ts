import {
  addDays,
  JURISDICTION_MESSAGES,
  judicialDaysOffResource,
  judicialHolidaysLoadCall,
  MESSAGES,
} from '@cobranzas/shared';
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, routeCall, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { judicialDaysOff, jurisdictions } from '../../db/schema';
import { badRequest } from '../../errors';
import { recountDeadlines } from '../cases/deadlines';
import { nationalHolidays } from './holidays';

/** A recess is a few weeks: a longer range is a typing mistake that would stop every deadline. */
const MAX_RANGE_DAYS = 62;

function checkRange(from: string, to: string) {
  if (to < from) throw badRequest('to', JURISDICTION_MESSAGES.rangeBackwards);
  if (to > addDays(from, MAX_RANGE_DAYS - 1)) throw badRequest('to', JURISDICTION_MESSAGES.rangeTooLong);
}

/**
 * Each jurisdiction's days off (issue 37, DESIGN.md §11.6): national holidays (no jurisdiction), its
 * recesses and extra days. ADMIN writes, GENERAL reads. A year's national holidays load at once from
 * date-holidays or from a list the ADMIN pastes; a day already there is left as it is.
 */
export function judicialDaysOffModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    definition: judicialDaysOffResource,
    table: judicialDaysOff,
    columns: {
      id: judicialDaysOff.id,
      jurisdictionId: judicialDaysOff.jurisdictionId,
      jurisdictionName: jurisdictions.name,
      kind: judicialDaysOff.kind,
      from: judicialDaysOff.from,
      to: judicialDaysOff.to,
      name: judicialDaysOff.name,
      createdAt: judicialDaysOff.createdAt,
      updatedAt: judicialDaysOff.updatedAt,
    },
    joins: [{ table: jurisdictions, on: eq(jurisdictions.id, judicialDaysOff.jurisdictionId) }],
    sortable: { from: [judicialDaysOff.from, judicialDaysOff.id], id: judicialDaysOff.id },
    search: [judicialDaysOff.name],
    filters: {
      // A jurisdiction's calendar is its own days and the national ones.
      jurisdictionId: (id) =>
        or(isNull(judicialDaysOff.jurisdictionId), eq(judicialDaysOff.jurisdictionId, id)),
      kind: (kind) => eq(judicialDaysOff.kind, kind),
      year: (year) =>
        and(lte(judicialDaysOff.from, `${year}-12-31`), gte(judicialDaysOff.to, `${year}-01-01`)),
    },
    unique: { judicial_days_off_day_unique: { field: 'from', message: JURISDICTION_MESSAGES.duplicateDay } },
    references: { jurisdictionId: MESSAGES.notFound },
    hooks: {
      beforeCreate(input) {
        if (input.kind === 'FERIADO' && input.jurisdictionId !== null)
          throw badRequest('jurisdictionId', JURISDICTION_MESSAGES.holidayIsNational);
        if (input.kind !== 'FERIADO' && input.jurisdictionId === null)
          throw badRequest('jurisdictionId', JURISDICTION_MESSAGES.recessNeedsJurisdiction);
        const to = input.to ?? input.from;
        checkRange(input.from, to);
        return { ...input, to };
      },
      beforeUpdate(input, current) {
        checkRange(input.from ?? current.from, input.to ?? current.to);
        return { ...input, updatedAt: new Date() };
      },
      // A court declaring a day off extends the terms running through it: they are counted again.
      async afterWrite({ before, after }, { db, user }) {
        const row = after ?? before;
        if (row) await recountDeadlines(db, user, { jurisdictionId: row.jurisdictionId });
      },
    },
  });

  routeCall(app, judicialHolidaysLoadCall, {}, async (request) => {
    const { year, days: pasted } = request.body;
    const days = pasted ?? nationalHolidays(year);
    if (days.length === 0) throw badRequest('year', JURISDICTION_MESSAGES.yearUnavailable);
    const other = days.findIndex((day) => !day.date.startsWith(`${year}-`));
    if (other >= 0) throw badRequest(`days.${other}.date`, `La fecha ${days[other]?.date} no es de ${year}.`);
    return db.transaction(async (tx) => {
      const added = await tx
        .insert(judicialDaysOff)
        .values(
          days.map((day) => ({ kind: 'FERIADO' as const, from: day.date, to: day.date, name: day.name })),
        )
        .onConflictDoNothing()
        .returning();
      for (const row of added)
        await writeAudit(tx, request.user, {
          action: 'create',
          resource: 'judicial-days-off',
          recordId: row.id,
          before: null,
          after: row,
        });
      if (added.length > 0) await recountDeadlines(tx, request.user, { jurisdictionId: null });
      const unique = new Set(days.map((day) => day.date)).size;
      return { added: added.length, existing: unique - added.length };
    });
  });
}

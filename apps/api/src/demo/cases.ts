import { addDays, agencyDayStart, deadlineNote, draftCaption } from '@cobranzas/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../crud';
import {
  caseNotices,
  caseStatuses,
  caseSteps,
  cases,
  judicialDaysOff,
  jurisdictions,
  tasks,
} from '../db/schema';
import { nationalHolidays } from '../modules/judicialDaysOff/holidays';
import { deadlineOn as countDeadline } from '../modules/jurisdictions/deadline';
import type { Random } from './random';

/** The demo courts' jurisdictions (the word that names them in the court), each with its recesses. */
const JURISDICTIONS = [
  { name: 'Ciudad de Buenos Aires (Justicia Nacional)', court: 'Nacional', winter: '07-20' },
  { name: 'Provincia de Buenos Aires', court: 'La Plata', winter: '07-20' },
  { name: 'Santa Fe', court: 'Rosario', winter: '07-06' },
  { name: 'Córdoba', court: 'Córdoba', winter: '07-06' },
];

export interface JudicialDraft {
  debtId: number;
  companyName: string;
  debtor: { firstName: string; lastName: string };
  court: string | null;
  caseNumber: string | null;
  placed: string;
  lawyerId: number | null;
}

/**
 * The demo's court cases (issue 37): the jurisdictions and their calendars (this year's and next
 * year's national holidays, recesses), a case for each judicial debt with its filing, and for some a
 * notice served in the last days with a deadline of 5 working days — a task for its lawyer.
 */
export async function insertCases(tx: Tx, rng: Random, drafts: readonly JudicialDraft[], today: string) {
  const year = Number(today.slice(0, 4));
  const places = await tx
    .insert(jurisdictions)
    .values(JURISDICTIONS.map(({ name }) => ({ name })))
    .onConflictDoNothing()
    .returning({ id: jurisdictions.id, name: jurisdictions.name });
  const known = await tx
    .select({ id: jurisdictions.id, name: jurisdictions.name })
    .from(jurisdictions)
    .where(
      inArray(
        jurisdictions.name,
        JURISDICTIONS.map((j) => j.name),
      ),
    );
  const holidays = [year, year + 1].flatMap(nationalHolidays);
  await tx
    .insert(judicialDaysOff)
    .values(holidays.map((h) => ({ kind: 'FERIADO' as const, from: h.date, to: h.date, name: h.name })))
    .onConflictDoNothing();
  if (places.length > 0)
    await tx.insert(judicialDaysOff).values(
      places.flatMap(({ id, name }) => {
        const winter = JURISDICTIONS.find((j) => j.name === name)?.winter ?? '07-20';
        return [year, year + 1].flatMap((y) => [
          {
            jurisdictionId: id,
            kind: 'FERIA' as const,
            from: `${y}-01-01`,
            to: `${y}-01-31`,
            name: 'Feria judicial de enero',
          },
          {
            jurisdictionId: id,
            kind: 'FERIA' as const,
            from: `${y}-${winter}`,
            to: addDays(`${y}-${winter}`, 11),
            name: 'Feria judicial de invierno',
          },
        ]);
      }),
    );
  const statuses = new Map(
    (await tx.select({ id: caseStatuses.id, name: caseStatuses.name }).from(caseStatuses)).map((s) => [
      s.name,
      s.id,
    ]),
  );
  let steps = 0;
  for (const draft of drafts) {
    const named = JURISDICTIONS.find((j) => draft.court?.includes(j.court))?.name;
    const place = known.find((k) => k.name === named) ?? rng.pick(known);
    const kind = rng.chance(0.8) ? ('EJECUTIVO' as const) : ('ORDINARIO' as const);
    const filed = addDays(draft.placed, rng.int(10, 60));
    const filedOn = filed <= today && rng.chance(0.7) ? filed : null;
    const [kase] = await tx
      .insert(cases)
      .values({
        debtId: draft.debtId,
        jurisdictionId: place.id,
        fuero: 'Civil y Comercial',
        court: draft.court,
        number: draft.caseNumber,
        caption: draftCaption(draft.companyName, draft.debtor, kind),
        kind,
        filedOn,
        lawyerId: draft.lawyerId,
        statusId: statuses.get('Demanda') ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!kase || !filedOn) continue;
    await tx.insert(caseSteps).values({
      caseId: kase.id,
      on: filedOn,
      title: 'Demanda presentada',
      statusId: statuses.get('Demanda') ?? null,
    });
    steps++;
    const served = addDays(today, -rng.int(1, 8));
    if (served <= filedOn || !rng.chance(0.4)) continue;
    // The same count the API makes for a step (modules/jurisdictions/deadline.ts).
    const { deadlineOn } = await countDeadline(tx, place.id, served, 5);
    const [task] = await tx
      .insert(tasks)
      .values({
        title: `Vence plazo: Intimación de pago — ${kase.caption}`.slice(0, 200),
        description: deadlineNote(5, served),
        start: new Date(agencyDayStart(deadlineOn)),
        allDay: true,
        userId: draft.lawyerId,
        debtId: draft.debtId,
      })
      .returning({ id: tasks.id });
    await tx.insert(caseSteps).values({
      caseId: kase.id,
      on: served,
      title: 'Mandamiento de intimación de pago diligenciado',
      statusId: statuses.get('Intimación de pago') ?? null,
      deadlineDays: 5,
      deadlineFrom: served,
      deadlineOn,
      taskId: task?.id ?? null,
    });
    await tx
      .update(cases)
      .set({ statusId: statuses.get('Intimación de pago') ?? null })
      .where(eq(cases.id, kase.id));
    await tx.insert(caseNotices).values({
      caseId: kase.id,
      addressee: `${draft.debtor.lastName}, ${draft.debtor.firstName}`,
      sentOn: addDays(served, -3),
      servedOn: served,
    });
    steps++;
  }
  return { expedientes: drafts.length, pasos: steps };
}

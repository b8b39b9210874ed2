import type { Task } from '@cobranzas/shared';
import { describe, expect, it } from 'vitest';
import {
  agencyTime,
  taskFormSchema as agendaFormSchema,
  calendarToDay,
  calendarToInstant,
  formValuesForSlot,
  formValuesOf,
} from '../../src/features/tasks/taskForm';

const at = '2031-03-01T12:00:00.000Z';
const task = (overrides: Partial<Task>): Task => ({
  id: 1,
  title: 'Audiencia',
  description: null,
  start: '2031-03-12T13:00:00.000Z',
  end: null,
  allDay: false,
  userId: 4,
  userName: 'Ana',
  debtId: null,
  status: 'PENDIENTE',
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

describe('agenda times: the agency is UTC−3 whatever the browser', () => {
  it('reads FullCalendar strings as instants', () => {
    expect(calendarToInstant('2031-03-12')).toBe('2031-03-12T00:00:00-03:00');
    expect(calendarToInstant('2031-03-12T10:30:00-03:00')).toBe('2031-03-12T13:30:00.000Z');
    expect(calendarToInstant('2031-03-12T13:30:00Z')).toBe('2031-03-12T13:30:00.000Z');
    expect(calendarToInstant('2031-03-12T10:30:00')).toBe('2031-03-12T13:30:00.000Z');
    expect(calendarToDay('2031-03-13T01:00:00Z')).toBe('2031-03-12');
    expect(agencyTime('2031-03-13T01:00:00Z')).toBe('22:00');
  });

  it('a slot of the time grid gives its day, start and end', () => {
    expect(
      formValuesForSlot(
        { start: '2031-03-12T10:00:00-03:00', end: '2031-03-12T10:30:00-03:00', allDay: false },
        '4',
      ),
    ).toMatchObject({
      allDay: false,
      startDate: '2031-03-12',
      startTime: '10:00',
      endDate: '2031-03-12',
      endTime: '10:30',
      userId: '4',
    });
  });

  it('days picked in the month give an all-day task; the exclusive end becomes the last day', () => {
    expect(formValuesForSlot({ start: '2031-03-12', end: '2031-03-13', allDay: true }, null)).toMatchObject({
      allDay: true,
      startDate: '2031-03-12',
      endDate: null,
    });
    expect(formValuesForSlot({ start: '2031-03-12', end: '2031-03-15', allDay: true }, null)).toMatchObject({
      endDate: '2031-03-14',
    });
  });

  it('a stored task goes to the form and back unchanged', () => {
    const timed = task({ start: '2031-03-12T13:00:00.000Z', end: '2031-03-12T14:30:00.000Z' });
    const timedBack = agendaFormSchema.parse(formValuesOf(timed));
    expect(Date.parse(timedBack.start)).toBe(Date.parse(timed.start));
    expect(Date.parse(timedBack.end as string)).toBe(Date.parse(timed.end as string));

    // All day from the 12th to the 14th: stored end is the midnight after the 14th.
    const allDay = task({ allDay: true, start: '2031-03-12T03:00:00.000Z', end: '2031-03-15T03:00:00.000Z' });
    const values = formValuesOf(allDay);
    expect(values).toMatchObject({ startDate: '2031-03-12', endDate: '2031-03-14', startTime: '' });
    const back = agendaFormSchema.parse(values);
    expect(back).toMatchObject({
      allDay: true,
      start: '2031-03-12T00:00:00-03:00',
      end: '2031-03-15T00:00:00-03:00',
    });
    expect(back.userId).toBe(4);
  });

  it('refuses an end before the start and a bad time', () => {
    const base = formValuesOf(task({}));
    const early = agendaFormSchema.safeParse({ ...base, endTime: '09:00' });
    expect(early.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['endTime', 'El fin no puede ser anterior al inicio.'],
    ]);
    const bad = agendaFormSchema.safeParse({ ...base, startTime: '25:00' });
    expect(bad.error?.issues[0]?.message).toBe('Use el formato HH:MM (24 h).');
    const lastDay = agendaFormSchema.safeParse({ ...base, allDay: true, endDate: '2031-03-10' });
    expect(lastDay.error?.issues[0]?.path).toEqual(['endDate']);
  });
});

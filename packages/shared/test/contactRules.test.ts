import { describe, expect, it } from 'vitest';
import {
  agencyClock,
  agencyUpdateSchema,
  companyCreateSchema,
  companyUpdateSchema,
  contactCreateSchema,
  contactHoursProblem,
  DEFAULT_CONTACT_HOURS,
  debtorCreateSchema,
  describeContactHours,
  describeDays,
  insideContactHours,
  MESSAGES,
  weekStart,
} from '../src';

/** An instant given as agency wall-clock time (UTC−3). */
const at = (local: string) => new Date(`${local}-03:00`);

describe('contact hours (issue 18)', () => {
  // 2026-11-23 is a Monday; 2026-11-28 a Saturday; 2026-11-29 a Sunday.
  it('the default: Monday to Friday, 08:00 inside, 19:59 inside, 20:00 out, 07:59 out', () => {
    const hours = DEFAULT_CONTACT_HOURS;
    expect(insideContactHours(hours, at('2026-11-23T08:00:00'))).toBe(true);
    expect(insideContactHours(hours, at('2026-11-23T19:59:59'))).toBe(true);
    expect(insideContactHours(hours, at('2026-11-23T20:00:00'))).toBe(false);
    expect(insideContactHours(hours, at('2026-11-23T07:59:59'))).toBe(false);
    expect(insideContactHours(hours, at('2026-11-27T12:00:00'))).toBe(true);
  });

  it('Saturday and Sunday are out by default, whatever the time', () => {
    expect(insideContactHours(DEFAULT_CONTACT_HOURS, at('2026-11-28T10:00:00'))).toBe(false);
    expect(insideContactHours(DEFAULT_CONTACT_HOURS, at('2026-11-29T10:00:00'))).toBe(false);
    expect(insideContactHours({ ...DEFAULT_CONTACT_HOURS, days: [6] }, at('2026-11-28T10:00:00'))).toBe(true);
  });

  it('reads the agency clock (UTC−3), not UTC: 22:30 UTC on Friday is 19:30 at the agency', () => {
    const friday = new Date('2026-11-27T22:30:00Z');
    expect(agencyClock(friday)).toEqual({ date: '2026-11-27', weekday: 5, time: '19:30' });
    expect(insideContactHours(DEFAULT_CONTACT_HOURS, friday)).toBe(true);
    // 02:00 UTC on Saturday is still Friday 23:00 at the agency.
    expect(agencyClock(new Date('2026-11-28T02:00:00Z'))).toMatchObject({ weekday: 5, time: '23:00' });
  });

  it('"24:00" is the end of the day: every minute of the day is inside 00:00–24:00', () => {
    const allDay = { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '24:00' };
    expect(insideContactHours(allDay, at('2026-11-29T00:00:00'))).toBe(true);
    expect(insideContactHours(allDay, at('2026-11-29T23:59:59'))).toBe(true);
  });

  it('weeks start on Monday', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2026-12-02')).toBe('2026-11-30');
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
  });

  it('says the hours in Spanish', () => {
    expect(describeContactHours(DEFAULT_CONTACT_HOURS)).toBe('de lunes a viernes, de 08:00 a 20:00');
    expect(describeDays([1, 2, 3, 4, 5, 6, 7])).toBe('todos los días');
    expect(describeDays([5, 1, 3])).toBe('lunes, miércoles y viernes');
    expect(describeDays([6])).toBe('los sábados');
  });

  it('a company override is all three fields or none, and ends after it starts', () => {
    expect(contactHoursProblem({ contactDays: null, contactFrom: null, contactTo: null })).toBeNull();
    expect(contactHoursProblem({})).toBeNull();
    expect(contactHoursProblem({ contactDays: [1], contactFrom: '09:00', contactTo: '18:00' })).toBeNull();
    expect(contactHoursProblem({ contactDays: [1], contactFrom: '09:00', contactTo: null })).toEqual({
      field: 'contactTo',
      message: MESSAGES.contactToRequired,
    });
    expect(contactHoursProblem({ contactDays: [], contactFrom: '09:00', contactTo: '18:00' })?.field).toBe(
      'contactDays',
    );
    expect(contactHoursProblem({ contactDays: [1], contactFrom: '18:00', contactTo: '09:00' })).toEqual({
      field: 'contactTo',
      message: MESSAGES.contactHoursOrder,
    });
  });
});

describe('contact settings in the schemas (issue 18)', () => {
  it('the agency: days sorted once each, "HH:MM" times, defaults when left out', () => {
    const base = { name: 'Agencia', cuit: '30500010912' };
    expect(agencyUpdateSchema.parse(base)).toMatchObject({
      contactDays: [1, 2, 3, 4, 5],
      contactFrom: '08:00',
      contactTo: '20:00',
    });
    expect(
      agencyUpdateSchema.parse({
        ...base,
        contactDays: [6, '1', 1],
        contactFrom: '09:30',
        contactTo: '24:00',
      }),
    ).toMatchObject({ contactDays: [1, 6], contactFrom: '09:30', contactTo: '24:00' });
    const bad = agencyUpdateSchema.safeParse({ ...base, contactFrom: '8', contactDays: [] });
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining([MESSAGES.contactTimeInvalid, MESSAGES.contactDaysRequired]),
    );
    expect(
      agencyUpdateSchema.safeParse({ ...base, contactFrom: '20:00', contactTo: '08:00' }).error?.issues[0]
        ?.message,
    ).toBe(MESSAGES.contactHoursOrder);
  });

  it('a company: no override and no caps by default; caps as a form sends them', () => {
    const company = companyCreateSchema.parse({ name: 'ACME', cuit: '30500010912' });
    expect(company).toMatchObject({
      contactDays: null,
      contactFrom: null,
      contactTo: null,
      maxAttemptsPerDay: null,
      maxAttemptsPerWeek: null,
    });
    expect(
      companyCreateSchema.parse({
        name: 'ACME',
        cuit: '30500010912',
        maxAttemptsPerDay: '3',
        contactFrom: '',
      }),
    ).toMatchObject({ maxAttemptsPerDay: 3, contactFrom: null });
    const bad = companyCreateSchema.safeParse({ name: 'A', cuit: '30500010912', maxAttemptsPerWeek: 0 });
    expect(bad.error?.issues[0]?.message).toBe(MESSAGES.maxAttemptsPerWeekRange);
    // A PATCH writes only what it sends.
    expect(companyUpdateSchema.parse({ maxAttemptsPerDay: null })).toEqual({ maxAttemptsPerDay: null });
  });

  it('a debtor: channels are the debtor’s and open unless said otherwise', () => {
    const debtor = debtorCreateSchema.parse({ dni: '20345678', firstName: 'Ana', lastName: 'Paz' });
    expect(debtor).toMatchObject({ phoneOwner: 'DEUDOR', emailOwner: 'DEUDOR', phoneClosedOn: null });
    expect(
      debtorCreateSchema.safeParse({ dni: '20345678', firstName: 'A', lastName: 'P', phoneOwner: 'VECINO' })
        .error?.issues[0]?.message,
    ).toBe(MESSAGES.channelOwnerInvalid);
  });

  it('a contact: confirmations default to false; a task needs a day and a time', () => {
    expect(contactCreateSchema.parse({ debtId: 1, eventTypeId: 2 })).toMatchObject({
      channel: null,
      promise: null,
      task: null,
      confirmOutsideHours: false,
      confirmThirdParty: false,
    });
    expect(
      contactCreateSchema.safeParse({
        debtId: 1,
        eventTypeId: 2,
        task: { date: '2030-01-01', time: '25:00' },
      }).error?.issues[0]?.message,
    ).toBe(MESSAGES.contactTaskTimeInvalid);
  });
});

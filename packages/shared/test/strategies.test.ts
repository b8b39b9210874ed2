import { describe, expect, it } from 'vitest';
import { strategyConditionsSchema, strategyCreateSchema } from '../src/schemas/strategies';
import { describeStrategy, listWords } from '../src/strategies';

const names = {
  companies: new Map([[7, 'Banco del Plata']]),
  stages: new Map([
    [2, 'Extrajudicial'],
    [3, 'Judicial'],
  ]),
  users: new Map([
    [11, 'Pérez, Ana'],
    [12, 'Gómez, Luis'],
  ]),
};

describe('a strategy in plain Spanish (issue 36)', () => {
  it('the issue’s example: daily at 9:00, a company, a stage, days past due and without contact', () => {
    const conditions = strategyConditionsSchema.parse({
      companyIds: [7],
      debtTypeIds: [2],
      daysPastDueMin: 30,
      daysWithoutContactMin: 7,
    });
    const text = describeStrategy(
      {
        trigger: 'DAILY',
        runAt: '09:00',
        conditions,
        actions: [
          { type: 'CHANGE_STAGE', debtTypeId: 3 },
          { type: 'ASSIGN', mode: 'ROTATION', userIds: [11, 12] },
          { type: 'CREATE_TASK', title: 'Preparar demanda', description: null, inDays: 2, time: '10:00' },
        ],
      },
      names,
    );
    expect(text).toBe(
      'Todos los días a las 9:00, deudas de Banco del Plata en extrajudicial con 30 días o más de mora y ' +
        'sin gestión en 7 días: pasan a judicial, se asignan por turnos entre Pérez, Ana y Gómez, Luis y ' +
        'se crea la tarea «Preparar demanda» para 2 días después a las 10:00 para su cobrador.',
    );
  });

  it('amounts in es-AR money, statuses only when not the default, flags in words', () => {
    const conditions = strategyConditionsSchema.parse({
      statuses: ['ACTIVA'],
      owedMin: '10000.00',
      owedMax: '50000.50',
      promise: 'INCUMPLIDA',
      hasPhone: true,
      hasEmail: false,
      assigned: false,
    });
    expect(
      describeStrategy({ trigger: 'PROMISE_BROKEN', runAt: null, conditions, actions: [{ type: 'STOP' }] }),
    ).toBe(
      'Cuando se incumple una promesa de pago, deudas activas que deben entre $ 10.000,00 y $ 50.000,50, ' +
        'con la última promesa de pago incumplida, con teléfono, sin correo electrónico y sin cobrador asignado: ' +
        'salen de la estrategia (no vuelve a tomarlas).',
    );
  });

  it('names missing from the catalogs are said by their number', () => {
    const conditions = strategyConditionsSchema.parse({ companyIds: [99] });
    expect(
      describeStrategy({
        trigger: 'AFTER_IMPORT',
        runAt: null,
        conditions,
        actions: [{ type: 'ASSIGN', mode: 'LEAST_LOAD', userIds: [5] }],
      }),
    ).toBe('Después de cada importación de cartera, deudas de empresa N.º 99: se asignan a usuario N.º 5.');
  });

  it('lists read as Spanish', () => {
    expect(listWords(['a'])).toBe('a');
    expect(listWords(['a', 'b'], 'o')).toBe('a o b');
    expect(listWords(['a', 'b', 'c'])).toBe('a, b y c');
  });

  it('two stage changes in one strategy are refused, as a time missing for a daily one', () => {
    const result = strategyCreateSchema.safeParse({
      name: 'Doble',
      trigger: 'AFTER_IMPORT',
      actions: [
        { type: 'CHANGE_STAGE', debtTypeId: 2 },
        { type: 'CHANGE_STAGE', debtTypeId: 3 },
      ],
    });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('Cambiar de etapa');
  });
});

import fc from 'fast-check';

export type Body = Record<string, unknown>;
export const RUNS = Number(process.env.FUZZ_RUNS ?? 50);

/** Every table: a rejected request must leave each one exactly as it was. */
export const TABLES = [
  'users',
  'user_types',
  'companies',
  'debt_types',
  'collection_types',
  'event_types',
  'event_sub_types',
  'event_history_types',
  'embargo_types',
  'debtors',
  'debts',
  'quotas',
  'payments',
  'deposits',
  'services',
  'events',
  'observations',
  'embargos',
  'documents',
  'tasks',
  'audit_log',
];

/** Values that have broken APIs before: empty, huge, negative, non-numbers, bad dates, injection, NUL. */
export const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '9999999999999.999',
  '99999999999999',
  '1.500,50',
  '0x10',
  '2024-02-30',
  '0000-01-01',
  '9999-12-31',
  '2024-01-01T25:00:00Z',
  '<script>alert(1)</script>',
  "'; DROP TABLE debts; --",
  'a\u0000b',
  '\uFFFF',
  '%',
  '_',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  2147483648,
  -2147483649,
  1.005,
  0.1,
  -0,
  1e21,
  Number.MAX_SAFE_INTEGER,
);
const weird = fc.oneof(
  nasty,
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

/** Random JSON, random objects over the known fields, and valid bodies with one field broken or missing. */
export function bodies(valid: () => Body) {
  const fields = Object.keys(valid());
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 20 })), weird, { maxKeys: 8 }),
    fc
      .record({ field: fc.constantFrom(...fields), value: weird, drop: fc.boolean() })
      .map(({ field, value, drop }) => {
        const body = valid();
        if (drop) delete body[field];
        else body[field] = value;
        return body;
      }),
  );
}

export const queryStrings = (params: string[]) =>
  fc
    .dictionary(
      fc.oneof(fc.constantFrom(...params), fc.string({ maxLength: 10 })),
      fc.oneof(nasty.map(String), fc.string({ maxLength: 50 })),
      {
        maxKeys: 5,
      },
    )
    .map((entries) => new URLSearchParams(entries).toString());

export const LIST_PARAMS = [
  'page',
  'limit',
  'sort',
  'order',
  'q',
  'debtId',
  'debtorId',
  'companyId',
  'status',
  'from',
  'to',
  'dni',
  'userId',
  'dueFrom',
  'defaultFrom',
  'createdTo',
];

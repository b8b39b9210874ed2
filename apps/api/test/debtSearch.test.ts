import { searchFold, searchWords } from '@cobranzas/shared';
import { max, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNamedRead } from '../src/db/namedStatements';
import { debtors } from '../src/db/schema';
import { debtSearch, walkFrom } from '../src/modules/debts/search';
import { createDebt, createDebtor } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createCompany,
  createUser,
  forEachBackend,
  makeCuit,
  startApp,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';

/**
 * DESIGN.md's list convention, `GET /api/{resource}?…&q=text`: the debts list's free text reaches the
 * debt's reference and case number, its debtor and its company. From three characters it runs on
 * trigram indexes (modules/debts/search.ts); these prove both paths find what the joined ILIKE found.
 */
forEachBackend('free-text search (q)', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const idsOf = async (url: string, as = token) => {
    const response = await call(t.app, as, { method: 'GET', url });
    expect(response.status).toBe(200);
    return (response.body.data as { id: number }[]).map((row) => row.id);
  };
  const search = (q: string, extra = '') => idsOf(`/api/debts?q=${encodeURIComponent(q)}${extra}`);

  describe('GET /api/debts?q=text', () => {
    it('finds a debt by its reference, case number, debtor name, DNI, CUIT and company name', async () => {
      const company = await createCompany(t.app, token, { name: unique('Financiera Quebracho ') });
      const debtor = await createDebtor(t.app, token, {
        firstName: unique('Eustaquia'),
        lastName: unique('Zabaleta'),
        cuit: makeCuit('27'),
      });
      const reference = unique('RX-');
      const caseNumber = unique('EXP-');
      const debt = await createDebt(t.app, token, {
        companyId: company.id,
        debtorId: debtor.id,
        reference,
        caseNumber,
      });
      const other = await createDebt(t.app, token, { companyId: company.id });

      for (const q of [reference, caseNumber, debtor.firstName, debtor.lastName, debtor.dni, debtor.cuit]) {
        expect(await search(q), q).toEqual([debt.id]);
      }
      // The start of a word of three or more characters, in any case: the trigram path; the middle
      // of a word is not the start of one.
      expect(await search(debtor.lastName.slice(0, 5).toUpperCase())).toContain(debt.id);
      expect(await search(debtor.lastName.slice(2))).toEqual([]);
      // The company's name finds all its debts, newest first.
      expect(await search(company.name)).toEqual([other.id, debt.id]);
    });

    it('a q of one or two characters still searches, alongside the filters', async () => {
      const company = await createCompany(t.app, token);
      const debt = await createDebt(t.app, token, { companyId: company.id, reference: 'QZ' });
      await createDebt(t.app, token, { companyId: company.id, reference: 'OTRA' });
      expect(await search('QZ', `&companyId=${company.id}`)).toEqual([debt.id]);
      // A word's start: «q» starts «QZ», «z» starts no word. (Not a digit: the test company's name
      // ends in a counter, «Compañía 7…», whose word a digit may start.)
      expect(await search('q', `&companyId=${company.id}`)).toEqual([debt.id]);
      expect(await search('z', `&companyId=${company.id}`)).toEqual([]);
    });

    it('% and _ separate words like any mark, never wildcards', async () => {
      const company = await createCompany(t.app, token);
      const percent = await createDebt(t.app, token, { companyId: company.id, reference: 'AB%CD-1' });
      await createDebt(t.app, token, { companyId: company.id, reference: 'ABXCD-2' });
      expect(await search('AB%CD', `&companyId=${company.id}`)).toEqual([percent.id]);
      expect(await search('AB_CD', `&companyId=${company.id}`)).toEqual([percent.id]);
      // As wildcards, «A%D» and «AB_CD» would find «ABXCD-2» too.
      expect(await search('A%D', `&companyId=${company.id}`)).toEqual([]);
    });

    it('a text that more than 20 000 debtors share still finds their debts (the joined search)', async () => {
      const company = await createCompany(t.app, token);
      const surname = unique('Comunísimo');
      // Debtors in bulk: through the API this would take minutes.
      await t.database.db.execute(sql`
        INSERT INTO debtors (dni, first_name, last_name)
        SELECT (70000000 + g)::text, 'Ana', ${surname} FROM generate_series(1, 20001) g`);
      const [last] = await t.database.db.select({ id: max(debtors.id) }).from(debtors);
      const debt = await createDebt(t.app, token, { companyId: company.id, debtorId: last?.id });
      expect(await search(surname, `&companyId=${company.id}`)).toEqual([debt.id]);
      const page = await call(t.app, token, { method: 'GET', url: `/api/debts?q=${surname}&limit=5` });
      expect(page.body).toMatchObject({ total: 1, data: [{ id: debt.id }] });
    });

    it('a text that more than 2 000 debtors share: the first pages walk the list, the count and later pages find the same debts', async () => {
      const company = await createCompany(t.app, token);
      const client = await createUser(t.app, token, 'CLIENTE');
      const surname = unique('Frecuentísimo');
      await t.database.db.execute(sql`
        INSERT INTO debtors (dni, first_name, last_name)
        SELECT (80000000 + g)::text, 'Ana', ${surname} FROM generate_series(1, 2001) g`);
      // 30 debts of the company and 2 of the CLIENTE's, spread over the last debtors (newest first).
      await t.database.db.execute(sql`
        INSERT INTO debts (debtor_id, company_id, debt_type_id, original_amount, reference)
        SELECT d.id, ${company.id}, (SELECT min(id) FROM debt_types), 100 + d.n, 'FREQ-' || d.n
        FROM (SELECT id, row_number() OVER (ORDER BY id DESC) AS n FROM debtors WHERE last_name = ${surname}
          ORDER BY id DESC LIMIT 30) d`);
      const [last] = await t.database.db.select({ id: max(debtors.id) }).from(debtors);
      const clients = [
        await createDebt(t.app, token, { companyId: client.companyId, debtorId: last?.id }),
        await createDebt(t.app, token, { companyId: client.companyId, debtorId: last?.id }),
      ];
      const list = (extra: string, as = token) =>
        call(t.app, as, { method: 'GET', url: `/api/debts?q=${encodeURIComponent(surname)}${extra}` });

      // The walk is taken only for a page near the start in id order, and only for a common text.
      const words = searchWords(surname);
      expect((await debtSearch(words, t.database.db, true))?.all).toBeDefined();
      expect((await debtSearch(words, t.database.db, false))?.all).toBeUndefined();
      expect((await debtSearch(searchWords('FREQ-1'), t.database.db, true))?.all).toBeUndefined();

      const first = await list(`&companyId=${company.id}`);
      expect(first.body).toMatchObject({ total: 30, page: 1, limit: 25 });
      expect(first.body.totalEstimated).toBeUndefined();
      const second = await list(`&companyId=${company.id}&page=2`);
      expect(second.body).toMatchObject({ total: 30, page: 2 });
      const walked = [...first.body.data, ...second.body.data].map((row: { id: number }) => row.id);
      expect(walked).toHaveLength(30);
      expect(walked).toEqual([...walked].sort((a, b) => b - a));
      // Another order collects every match: the same 30 debts.
      const byAmount = await list(`&companyId=${company.id}&sort=originalAmount&order=asc&limit=100`);
      expect(byAmount.body.total).toBe(30);
      expect(byAmount.body.data.map((row: { id: number }) => row.id).sort()).toEqual([...walked].sort());
      // Across companies, newest first: the CLIENTE's two, then the 30.
      const all = await list('&limit=100');
      expect(all.body.total).toBe(32);
      expect(all.body.data.slice(0, 2).map((row: { id: number }) => row.id)).toEqual(
        clients.map((debt) => debt.id).reverse(),
      );
      // A CLIENTE walks only its company's debts.
      expect((await list('', client.token)).body).toMatchObject({
        total: 2,
        data: clients.map((debt) => ({ id: debt.id })).reverse(),
      });
    });

    it('a text that more than 20 000 debts share in their reference still finds them (the joined search)', async () => {
      const company = await createCompany(t.app, token);
      const debtor = await createDebtor(t.app, token);
      const prefix = unique('LOTE-');
      await t.database.db.execute(sql`
        INSERT INTO debts (debtor_id, company_id, debt_type_id, original_amount, reference)
        SELECT ${debtor.id}, ${company.id}, (SELECT min(id) FROM debt_types), 100, ${prefix} || '-' || g
        FROM generate_series(1, 20001) g`);
      const page = await call(t.app, token, { method: 'GET', url: `/api/debts?q=${prefix}&limit=5` });
      expect(page.status).toBe(200);
      expect(page.body.data).toHaveLength(5);
      expect(page.body.total).toBeGreaterThan(10_000);
      const exact = await call(t.app, token, { method: 'GET', url: `/api/debts?q=${prefix}-20001` });
      expect(exact.body).toMatchObject({ total: 1, data: [{ reference: `${prefix}-20001` }] });
    });

    it('a CLIENTE finds only the debts of its company', async () => {
      const client = await createUser(t.app, token, 'CLIENTE');
      const debtor = await createDebtor(t.app, token, { lastName: unique('Arrechea') });
      const own = await createDebt(t.app, token, { companyId: client.companyId, debtorId: debtor.id });
      await createDebt(t.app, token, { debtorId: debtor.id });
      expect(await idsOf(`/api/debts?q=${debtor.lastName}`, client.token)).toEqual([own.id]);
      expect((await idsOf(`/api/debts?q=${debtor.lastName}`)).length).toBe(2);
    });
  });

  it('GET /api/debtors?q= finds a debtor by its CUIT or DNI as people write them', async () => {
    const debtor = await createDebtor(t.app, token, { cuit: makeCuit('20') });
    const cuit = `${debtor.cuit.slice(0, 2)}-${debtor.cuit.slice(2, 10)}-${debtor.cuit.slice(10)}`;
    const dni = debtor.dni.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    for (const q of [debtor.cuit, cuit, debtor.dni, dni, dni.replaceAll('.', ' ')])
      expect(await idsOf(`/api/debtors?q=${encodeURIComponent(q)}`), q).toContain(debtor.id);
  });

  it('the database folds stored text as shared/search.ts folds what is typed (search_fold)', async () => {
    const letters = fc.constantFrom(...'aZ09 ,.-_%ÁáÉéÍíÓóÚúÜüÑñÇçÝýÿ@/ø'.split(''));
    await fc.assert(
      fc.asyncProperty(fc.array(letters, { maxLength: 24 }), async (chars) => {
        const text = chars.join('');
        const result = await t.database.db.execute(sql`SELECT search_fold(${text}) AS folded`);
        const [row] = (result as unknown as { rows: { folded: string }[] }).rows;
        expect(row?.folded).toBe(` ${searchFold(text).trim()} `);
      }),
      { numRuns: 60 },
    );
  });

  // DESIGN.md §11.2 (contract): accents and case do not matter, words in any order, commas ignored,
  // word prefixes, a DNI/CUIT with dots, dashes or spaces; the debts and debtors lists alike.
  describe('every search reads words: «agus juar» finds «Juárez, Agustina Noelia»', () => {
    it('finds her through /api/debts and /api/debtors however she is written, and nobody else', async () => {
      const company = await createCompany(t.app, token);
      // A word of her own, so that the other tests' debtors never answer these searches.
      const mark = unique('Ñandú').toLowerCase();
      const dni = String(20_000_000 + (Number.parseInt(mark.slice(-4), 16) % 9_000_000) + 1);
      const her = await createDebtor(t.app, token, {
        lastName: `Juárez ${mark}`,
        firstName: 'Agustina Noelia',
        dni,
        cuit: makeCuit('27'),
      });
      const someoneElse = await createDebtor(t.app, token, {
        lastName: `Juárez ${mark}`,
        firstName: 'Pedro',
      });
      const debt = await createDebt(t.app, token, { companyId: company.id, debtorId: her.id });
      await createDebt(t.app, token, { companyId: company.id, debtorId: someoneElse.id });
      const plain = mark.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      const spelled = [
        `juarez ${plain} agustina`,
        `JUÁREZ, AGUSTINA ${mark}`,
        `agus juar ${plain.slice(0, 4)}`,
        `Agustina Juárez ${mark}`,
        `Juárez ${mark}, Agustina Noelia`,
        `noelia,${plain}`,
      ];
      for (const q of spelled) {
        expect(await search(q, `&companyId=${company.id}`), q).toEqual([debt.id]);
        expect(await idsOf(`/api/debtors?q=${encodeURIComponent(q)}`), q).toEqual([her.id]);
      }
      const dotted = dni.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
      const cuit = `${her.cuit.slice(0, 2)}-${her.cuit.slice(2, 10)}-${her.cuit.slice(10)}`;
      for (const q of [dotted, cuit, cuit.replaceAll('-', ' ')]) {
        expect(await search(q, `&companyId=${company.id}`), q).toEqual([debt.id]);
        expect(await idsOf(`/api/debtors?q=${encodeURIComponent(q)}`), q).toEqual([her.id]);
      }
      // Every word must start a word of hers: «Pedro» is someone else, «gustina» starts none.
      expect(await search(`juarez ${plain} pedro`, `&companyId=${company.id}`)).not.toContain(debt.id);
      expect(await search(`gustina ${plain}`, `&companyId=${company.id}`)).toEqual([]);
    });
  });
});

describe('the statements of a free-text search', () => {
  it('are planned per call, never named: the LIKE ones and those that carry the ids found', () => {
    expect(isNamedRead('select "id" from "debtors" where "debtors"."search_text" LIKE $1 limit $2')).toBe(
      false,
    );
    expect(isNamedRead('select "id" from "debtors" where "debtors"."last_name" ilike $1 limit $2')).toBe(
      false,
    );
    expect(
      isNamedRead('select "id" from "debts" where (/*planned-per-call*/"debts"."id" = ANY($1::integer[]))'),
    ).toBe(false);
    expect(isNamedRead('select "id" from "debts" where "debts"."id" = ANY($1::integer[])')).toBe(true);
  });

  it('a search walks the list only when so many debtors match that the walk reads fewer rows than collecting them', () => {
    // Below 100 000 debtors the floor of 2 000 holds (the tests' databases, 1M debts' 333 000 → 3 740).
    expect(walkFrom(-1)).toBe(2_000);
    expect(walkFrom(0)).toBe(2_000);
    expect(walkFrom(95_000)).toBe(2_000);
    expect(walkFrom(333_333)).toBe(3_742);
    // 5M debts: a name pair that 2 778 debtors share goes by their ids, not a walk of ≈ 15 000 debts.
    expect(walkFrom(1_666_667)).toBe(8_367);
    expect(walkFrom(1_666_667)).toBeGreaterThan(2_778);
    // Past the threshold, the walk of a 25-row page reads fewer debts than the debtors it skips
    // collecting (25 × D ÷ N < N), at every size.
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: 100_000_000 }), (debtors) => {
        const n = walkFrom(debtors) + 1;
        expect((25 * debtors) / n).toBeLessThan(n);
      }),
    );
  });

  it('the walk of a common text is planned once, unless it also carries ids found', () => {
    const walk =
      'select "id" from "debts" where /*plan-once*/EXISTS ((select 1 from "debtors" where "debtors"."search_text" LIKE $1) OFFSET 0)';
    expect(isNamedRead(walk)).toBe(true);
    expect(
      isNamedRead(
        walk.replace(
          'where /*plan-once*/',
          'where /*planned-per-call*/"debts"."id" = ANY($2::integer[]) or /*plan-once*/',
        ),
      ),
    ).toBe(false);
  });
});

import { readFileSync } from 'node:fs';
import { type BalanceInput, balanceToDate } from '@cobranzas/shared';
import { describe, expect, it } from 'vitest';

/** docs/money.md's worked example, read from the page itself: its figures are what the code gives. */
const page = readFileSync(new URL('../../../docs/money.md', import.meta.url), 'utf8');

/** «10.000,00» → "10000.00"; «30,00 %» → "30.00". */
const decimal = (text: string) => text.replace(/[%\s]/g, '').replaceAll('.', '').replace(',', '.');
/** «15/02/2025» → "2025-02-15". */
const isoDate = (text: string) => text.trim().split('/').reverse().join('-');

/** The rows of the first Markdown table after `heading`, each as its trimmed cells. */
function tableAfter(heading: string): string[][] {
  const start = page.indexOf(heading);
  expect(start, `docs/money.md has «${heading}»`).toBeGreaterThanOrEqual(0);
  const lines = page.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

describe('docs/money.md: the worked example is what balanceToDate computes', () => {
  const json = /### Datos\s+```json\n([\s\S]*?)```/.exec(page)?.[1];
  const input = JSON.parse(json ?? 'null') as BalanceInput;
  const balance = balanceToDate(input);

  it('its segments table, row by row', () => {
    const kinds = { Punitorio: 'punitive', Interés: 'interest' } as const;
    const documented = tableAfter('### Tramos').map(([from, to, days, capital, kind, rate, amount]) => ({
      from: isoDate(from ?? ''),
      to: isoDate(to ?? ''),
      days: Number(days),
      capital: decimal(capital ?? ''),
      kind: kinds[kind as keyof typeof kinds],
      annualRate: decimal(rate ?? ''),
      amount: decimal(amount ?? ''),
    }));
    expect(documented).toHaveLength(12);
    expect(balance.segments).toEqual(documented);
  });

  it('its balance table, line by line', () => {
    const lines = Object.fromEntries(
      tableAfter('### Saldo al').map(([name, value]) => [name, decimal(value ?? '')]),
    );
    expect(lines).toEqual({
      Capital: balance.capital,
      Intereses: balance.interest,
      Punitorios: balance.punitive,
      Gastos: balance.services,
      Pagos: balance.paid,
      Total: balance.total,
    });
    expect(balance.total).toBe('8670.08');
  });
});

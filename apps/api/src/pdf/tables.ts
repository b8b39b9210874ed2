import type { Content } from './render';

/** A statement's table: a rule under the header, hairlines between rows, no columns. */
export const thinLayout = {
  hLineWidth: (i: number) => (i <= 1 ? 0.6 : 0.2),
  vLineWidth: () => 0,
  hLineColor: () => '#999999',
  paddingTop: () => 1.5,
  paddingBottom: () => 1.5,
  paddingLeft: () => 2,
  paddingRight: () => 2,
};

/** What a document is about, label by label, above its tables. */
export const factsTable = (facts: readonly (readonly [string, string])[]): Content => ({
  table: { widths: [70, '*'], body: facts.map(([label, value]) => [{ text: label, style: 'label' }, value]) },
  layout: 'noBorders',
  margin: [0, 0, 0, 10],
});

/** The totals at the foot, right-aligned amounts, the strong ones in bold, kept on one page. */
export const totalsTable = (
  rows: readonly { label: string; amount: string; strong: boolean }[],
): Content => ({
  table: {
    widths: ['*', 110],
    body: rows.map(({ label, amount, strong }) => [
      { text: label, bold: strong },
      { text: amount, bold: strong, alignment: 'right' },
    ]),
  },
  layout: 'lightHorizontalLines',
  margin: [180, 14, 0, 0],
  unbreakable: true,
});

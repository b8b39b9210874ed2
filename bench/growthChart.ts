/**
 * The growth chart of bench/growth.ts as a plain SVG (GitHub shows it inline in RESULTS.md): two
 * panels, p99 and req/s, against the portfolio's size, both axes logarithmic so that a case growing
 * like nᵇ is a straight line of slope b and a flat one is level.
 */

/** A case's values by size; null where that size did not measure it (a case added later). */
export interface GrowthSeries {
  name: string;
  p99: (number | null)[];
  rps: (number | null)[];
}

const COLORS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#ad494a',
];
const PANEL = { width: 400, height: 280, left: 56, top: 58, gap: 70 };
const FAMILY = 'font-family="system-ui, sans-serif"';
const FONT = `${FAMILY} font-size="12"`;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const sizeLabel = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
const valueLabel = (v: number) => (v >= 1000 ? `${v / 1000}k` : String(v));

/** 1, 2 and 5 of each decade, from the last one at or under `min` to the first at or over `max`. */
function logTicks(min: number, max: number): number[] {
  const all: number[] = [];
  for (let decade = 10 ** Math.floor(Math.log10(min)); decade <= max * 10; decade *= 10)
    for (const step of [1, 2, 5]) all.push(decade * step);
  const from = all.filter((tick) => tick <= min).pop() ?? all[0] ?? 1;
  const to = all.find((tick) => tick >= max) ?? max;
  return all.filter((tick) => tick >= from && tick <= to);
}

function panel(
  title: string,
  x0: number,
  sizes: number[],
  series: { values: (number | null)[]; color: string }[],
) {
  const all = series.flatMap((s) => s.values).filter((v): v is number => v !== null && v > 0);
  const ticks = logTicks(Math.min(...all), Math.max(...all));
  const [low, high] = [ticks[0] ?? 1, ticks[ticks.length - 1] ?? 10];
  const [nLow, nHigh] = [sizes[0] ?? 1, sizes[sizes.length - 1] ?? 10];
  const x = (n: number) =>
    x0 +
    PANEL.left +
    (nHigh === nLow ? 0.5 : Math.log(n / nLow) / Math.log(nHigh / nLow)) * (PANEL.width - PANEL.left - 10);
  const y = (v: number) =>
    PANEL.top + PANEL.height - (Math.log(Math.max(v, low) / low) / Math.log(high / low)) * PANEL.height;
  const parts = [
    `<text x="${x0 + PANEL.left}" y="${PANEL.top - 14}" ${FONT} font-weight="bold">${escapeXml(title)}</text>`,
    `<rect x="${x0 + PANEL.left}" y="${PANEL.top}" width="${PANEL.width - PANEL.left}" height="${PANEL.height}" fill="none" stroke="#999"/>`,
  ];
  for (const tick of ticks)
    parts.push(
      `<line x1="${x0 + PANEL.left}" x2="${x0 + PANEL.width}" y1="${y(tick)}" y2="${y(tick)}" stroke="#e5e5e5"/>`,
      `<text x="${x0 + PANEL.left - 6}" y="${y(tick) + 4}" text-anchor="end" ${FONT}>${valueLabel(tick)}</text>`,
    );
  for (const n of sizes)
    parts.push(
      `<text x="${x(n)}" y="${PANEL.top + PANEL.height + 18}" text-anchor="middle" ${FONT}>${sizeLabel(n)}</text>`,
    );
  for (const s of series) {
    const points = s.values.flatMap((v, i) =>
      v === null ? [] : [`${x(sizes[i] ?? 0).toFixed(1)},${y(v).toFixed(1)}`],
    );
    parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${s.color}" stroke-width="2"/>`);
    for (const point of points) {
      const [cx, cy] = point.split(',');
      parts.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${s.color}"/>`);
    }
  }
  return parts.join('\n');
}

export function growthChart(title: string, sizes: number[], series: GrowthSeries[]): string {
  const width = PANEL.width * 2 + PANEL.gap + 20;
  const legendTop = PANEL.top + PANEL.height + 44;
  const height = legendTop + Math.ceil(series.length / 4) * 20 + 10;
  const colored = series.map((s, i) => ({ ...s, color: COLORS[i % COLORS.length] as string }));
  const legend = colored.map((s, i) => {
    const lx = PANEL.left + (i % 4) * 190;
    const ly = legendTop + Math.floor(i / 4) * 20;
    return `<rect x="${lx}" y="${ly - 9}" width="14" height="4" fill="${s.color}"/><text x="${lx + 20}" y="${ly}" ${FONT}>${escapeXml(s.name)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title">
<title id="chart-title">${escapeXml(title)}: p99 y pedidos por segundo contra la cantidad de deudas</title>
<rect width="100%" height="100%" fill="#fff"/>
<text x="${PANEL.left}" y="20" ${FAMILY} font-size="14" font-weight="bold">${escapeXml(title)} (escalas logarítmicas; eje x: deudas)</text>
${panel(
  'p99 (ms)',
  0,
  sizes,
  colored.map((s) => ({ values: s.p99, color: s.color })),
)}
${panel(
  'pedidos por segundo',
  PANEL.width + PANEL.gap,
  sizes,
  colored.map((s) => ({ values: s.rps, color: s.color })),
)}
${legend.join('\n')}
</svg>
`;
}

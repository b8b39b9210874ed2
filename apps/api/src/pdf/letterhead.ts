import { formatCuit, oneLine } from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../crud/types';
import type { Db } from '../db/client';
import { agencySettings } from '../db/schema';
import { printableLogo } from './logo';
import type { Content } from './render';

export type Agency = typeof agencySettings.$inferSelect;

/**
 * The agency's row (the migration creates it; an empty name prints as «Agencia de cobranzas»), its
 * logo as documents print it (logo.ts).
 */
export async function loadAgency(db: Executor | Db): Promise<Agency> {
  const [row] = await db.select().from(agencySettings).where(eq(agencySettings.id, 1));
  if (!row) throw new Error('agency_settings has no row 1: migration 0014 did not run');
  const logo = row.logo && row.logoType ? await printableLogo(row.logo, row.logoType) : null;
  return { ...row, logo };
}

/**
 * The top of every document: the logo (when there is one), the name, CUIT (20-12345678-6) and
 * contact lines, and a thin rule under them.
 */
export function letterhead(agency: Agency): Content {
  // Each stored value stays on its line (issue 30).
  const line = (separator: string, ...parts: (string | null)[]) =>
    parts
      .filter((part): part is string => Boolean(part))
      .map(oneLine)
      .join(separator) || null;
  const lines = [
    agency.cuit ? `CUIT ${formatCuit(agency.cuit)}` : null,
    line(', ', agency.address, agency.city),
    line(' · ', agency.phone, agency.email),
  ].filter((text): text is string => text !== null);
  const text: Content = {
    stack: [
      { text: oneLine(agency.name) || 'Agencia de cobranzas', bold: true, fontSize: 13 },
      ...lines.map((line) => ({ text: line, style: 'small' })),
    ],
  };
  const logo: Content | null =
    agency.logo && agency.logoType
      ? {
          image: `data:${agency.logoType};base64,${agency.logo.toString('base64')}`,
          fit: [90, 50],
          width: 100,
        }
      : null;
  return {
    stack: [
      { columns: logo ? [logo, text] : [text], columnGap: 12 },
      // A thin rule under the header, the width of the text block (A4 less the 56 pt margins).
      {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: 483, y2: 0, lineWidth: 0.5, lineColor: '#999999' }],
        margin: [0, 8, 0, 0],
      },
    ],
    margin: [0, 0, 0, 18],
  };
}

import { z } from 'zod';
import { DEBT_TYPE_IDS } from '../enums';
import { percentSchema } from './common';

/**
 * A company's commission for the agency (issue 19): `commissionRate` is its fee; the extrajudicial
 * and judicial stages may carry their own (judicial collections usually carry another fee). Null:
 * the stage takes `commissionRate`. Spread into the company's schemas.
 */
export const companyCommissionItemFields = {
  commissionRateExtrajudicial: z.string().nullable(),
  commissionRateJudicial: z.string().nullable(),
};

/** Empty, as a form sends a field left blank: the company's rate. */
const orNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable());

export const companyCommissionFields = {
  commissionRateExtrajudicial: orNull(percentSchema).default(null),
  commissionRateJudicial: orNull(percentSchema).default(null),
};

/** The rate a collection of a debt in this stage earns. */
export function stageCommissionRate(
  company: { commissionRate: string } & { [K in keyof typeof companyCommissionItemFields]: string | null },
  debtTypeId: number,
): string {
  if (debtTypeId === DEBT_TYPE_IDS.JUDICIAL) return company.commissionRateJudicial ?? company.commissionRate;
  if (debtTypeId === DEBT_TYPE_IDS.EXTRAJUDICIAL)
    return company.commissionRateExtrajudicial ?? company.commissionRate;
  return company.commissionRate;
}

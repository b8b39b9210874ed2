/** Argentine national identifiers: DNI (7–8 digits) and CUIT/CUIL (11 digits with a check digit). */

const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Digits only: strips the dashes, dots and spaces people type. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * A DNI as it is stored, compared and looked up: digits only, without leading zeros, so "01.234.567",
 * "01234567" and "1234567" are one person.
 */
export function normalizeDni(value: string): string {
  return onlyDigits(value).replace(/^0+/, '');
}

/** A DNI in its stored form (normalizeDni): 7 or 8 digits, the first not a zero. */
export function isValidDni(value: string): boolean {
  return /^[1-9]\d{6,7}$/.test(value);
}

const CBU_BLOCK1_WEIGHTS = [7, 1, 3, 9, 7, 1, 3];
const CBU_BLOCK2_WEIGHTS = [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3];
const cbuDigit = (digits: string, weights: readonly number[]) => {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] as number);
  return (10 - (sum % 10)) % 10;
};

/**
 * A CBU or CVU: 22 digits — bank (3) + branch (4) + check digit + account (13) + check digit. The
 * first check digit weighs the 7 before it by 7,1,3,9,7,1,3, the second the 13 account digits by
 * 3,9,7,1,…; each is (10 − sum mod 10) mod 10 (BCRA; FIELD-NOTES.md).
 */
export function isValidCbu(value: string): boolean {
  if (!/^\d{22}$/.test(value)) return false;
  return (
    cbuDigit(value.slice(0, 7), CBU_BLOCK1_WEIGHTS) === Number(value[7]) &&
    cbuDigit(value.slice(8, 21), CBU_BLOCK2_WEIGHTS) === Number(value[21])
  );
}

/** The two check digits that complete 20 digits (bank+branch, account) into a valid CBU. */
export function completeCbu(bankBranch: string, account: string): string {
  return `${bankBranch}${cbuDigit(bankBranch, CBU_BLOCK1_WEIGHTS)}${account}${cbuDigit(account, CBU_BLOCK2_WEIGHTS)}`;
}

/** The check digit for the first ten digits, or null when the computed digit is 10 (no valid CUIT). */
export function cuitCheckDigit(firstTen: string): number | null {
  if (!/^\d{10}$/.test(firstTen)) return null;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(firstTen[i]) * (CUIT_WEIGHTS[i] as number);
  const check = 11 - (sum % 11);
  if (check === 11) return 0;
  if (check === 10) return null;
  return check;
}

/** A CUIT given as 11 digits (no separators) with a valid check digit. */
export function isValidCuit(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const check = cuitCheckDigit(value.slice(0, 10));
  return check !== null && check === Number(value[10]);
}

/** 20123456786 → 20-12345678-6 (unchanged when it is not 11 digits). */
export function formatCuit(value: string): string {
  const digits = onlyDigits(value);
  if (digits.length !== 11) return value;
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}

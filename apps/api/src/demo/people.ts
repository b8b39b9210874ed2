import { cuitCheckDigit, type Province } from '@cobranzas/shared';
import { EMPLOYERS, FEMALE_NAMES, LAST_NAMES, MALE_NAMES, PLACES, STREETS } from './data';
import type { Random } from './random';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The CUIL of a DNI as ANSES assigns it: 20 (male) or 27 (female) + the DNI in 8 digits + the check
 * digit; when that digit would be 10, the prefix becomes 23 (check 9 for men, 4 for women).
 */
export function cuilFor(dni: string, female: boolean): string | null {
  const body = dni.padStart(8, '0');
  const prefix = female ? '27' : '20';
  const check = cuitCheckDigit(`${prefix}${body}`);
  if (check !== null) return `${prefix}${body}${check}`;
  const fallback = cuitCheckDigit(`23${body}`);
  return fallback === null ? null : `23${body}${fallback}`;
}

/** Accents and spaces out, for e-mail addresses. */
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** A phone of the area: 10 digits in all, "11 5555-1234" or "351 455-1234". */
function phone(rng: Random, area: string): string {
  const local = `${rng.int(3, 6)}${rng.digits(10 - area.length - 1)}`;
  return `${area} ${local.slice(0, -4)}-${local.slice(-4)}`;
}

export interface DebtorDraft {
  dni: string;
  cuit: string | null;
  firstName: string;
  lastName: string;
  birthDate: string;
  email: string | null;
  phone: string;
  altPhone: string | null;
  address: string;
  city: string;
  province: Province;
  postalCode: string;
  employer: string | null;
}

/**
 * A believable debtor: the DNI follows the birth year (as RENAPER's numbering roughly does) and is
 * unique within `taken`; the CUIL derives from it.
 */
export function makeDebtor(rng: Random, taken: Set<string>): DebtorDraft {
  const female = rng.chance(0.5);
  const first = rng.pick(female ? FEMALE_NAMES : MALE_NAMES);
  const other = rng.pick(female ? FEMALE_NAMES : MALE_NAMES);
  const second = other !== first && rng.chance(0.25) ? ` ${other}` : '';
  const lastName = rng.chance(0.1) ? `${rng.pick(LAST_NAMES)} ${rng.pick(LAST_NAMES)}` : rng.pick(LAST_NAMES);
  const year = rng.int(1950, 2004);
  let dni: string;
  do {
    dni = String(Math.min(46_999_999, (year - 1937) * 680_000 + rng.int(0, 900_000)));
  } while (taken.has(dni));
  taken.add(dni);
  const weights = Object.fromEntries(PLACES.map((p, i) => [String(i), p.weight]));
  const place = PLACES[Number(rng.weighted(weights))] ?? (PLACES[0] as (typeof PLACES)[number]);
  const [city, postalCode, area] = rng.pick(place.cities);
  const floor = rng.chance(0.25) ? `, piso ${rng.int(1, 12)} "${rng.pick(['A', 'B', 'C', 'D'])}"` : '';
  const domain = rng.pick(['gmail.com', 'hotmail.com', 'yahoo.com.ar', 'outlook.com']);
  return {
    dni,
    cuit: cuilFor(dni, female),
    firstName: `${first}${second}`,
    lastName,
    birthDate: `${year}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`,
    email: rng.chance(0.6) ? `${ascii(first)}.${ascii(lastName)}${rng.int(1, 99)}@${domain}` : null,
    phone: phone(rng, area),
    altPhone: rng.chance(0.3) ? phone(rng, area) : null,
    address: `${rng.pick(STREETS)} ${rng.int(100, 5999)}${floor}`,
    city,
    province: place.province,
    postalCode,
    employer: rng.chance(0.7) ? rng.pick(EMPLOYERS) : null,
  };
}

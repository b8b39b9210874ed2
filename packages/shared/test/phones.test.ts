import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  argentineMobile,
  possibleMobile,
  whatsappGreeting,
  whatsappLink,
  whatsappTarget,
} from '../src/phones';

describe('argentineMobile: the written forms that say «mobile» (docs/decisions.md, WhatsApp)', () => {
  it.each([
    // national form: trunk 0, area code, 15, subscriber number
    ['011 15-2345-6789', '5491123456789'],
    ['(011) 15 2345-6789', '5491123456789'],
    ['011-15-2345-6789', '5491123456789'],
    ['11 15 2345 6789', '5491123456789'],
    ['1115 2345 6789', '5491123456789'],
    ['(0351) 15 555-1234', '5493515551234'],
    ['0351 155551234', '5493515551234'],
    ['351-15-5551234', '5493515551234'],
    ['035115 5551234', '5493515551234'],
    ['(0341) 15-612-3456', '5493416123456'],
    ['(02966) 15 412345', '5492966412345'],
    ['0223 15 4123456', '5492234123456'],
    // international mobile form: +54 9, 549, 0054 9
    ['+54 9 11 2345-6789', '5491123456789'],
    ['+5491123456789', '5491123456789'],
    ['549 351 555 1234', '5493515551234'],
    ['5493515551234', '5493515551234'],
    ['0054 9 11 2345 6789', '5491123456789'],
    ['+54 (9) 351 555-1234', '5493515551234'],
    // international form with the trunk 0 or the 15 typed in by mistake
    ['+54 9 011 2345-6789', '5491123456789'],
    ['+54 9 11 15 2345-6789', '5491123456789'],
    ['+54 11 15 2345-6789', '5491123456789'],
    // the mobile 9 without the country code
    ['9 11 2345-6789', '5491123456789'],
    ['  011 15 2345 6789  ', '5491123456789'],
  ])('%s → %s', (written, number) => {
    expect(argentineMobile(written)).toBe(number);
  });

  it.each([
    ['4555-1234', 'a local landline number'],
    ['011 4555-1234', 'a landline with its area code'],
    ['(0351) 422-1234', 'a Córdoba landline'],
    ['11 2345-6789', 'ten digits without a mobile mark: landline or mobile, nothing says'],
    ['1123456789', 'ten bare digits'],
    ['+54 11 4555-1234', 'the international landline form (no 9)'],
    ['15-2345-6789', 'a 15 without an area code: the area would be a guess'],
    ['155-551234', 'a local 15 number'],
    ['+598 99 123 456', 'a foreign number'],
    ['+1 212 555 0100', 'a foreign number'],
    ['+54 9 11 2345-678', 'one digit short'],
    ['+54 9 11 2345-67890', 'one digit too many'],
    ['011 15 0345 6789', 'a subscriber number cannot start with 0'],
    ['(0451) 15 555-1234', 'no area code starts with 4'],
    ['sin teléfono', 'no digits'],
    ['', 'empty'],
  ])('%s → null (%s)', (written) => {
    expect(argentineMobile(written)).toBeNull();
  });

  it('null and undefined are no phone', () => {
    expect(argentineMobile(null)).toBeNull();
    expect(argentineMobile(undefined)).toBeNull();
  });
});

describe('possibleMobile: a number that can be a mobile (issue 32)', () => {
  it.each([
    ['351 584-7753', '5493515847753'],
    ['(0351) 422-1234', '5493514221234'],
    ['11 2345-6789', '5491123456789'],
    ['011 4555-1234', '5491145551234'],
    ['1123456789', '5491123456789'],
    ['(02966) 41-2345', '5492966412345'],
    ['+54 11 4555-1234', '5491145551234'],
    ['+54 0351 422-1234', '5493514221234'],
    ['0054 351 422 1234', '5493514221234'],
    ['54 351 422 1234', '5493514221234'],
  ])('a plausible national number, any way written: %s → %s', (written, number) => {
    expect(possibleMobile(written)).toBe(number);
  });

  it.each([
    ['011 15-2345-6789', '5491123456789'],
    ['+54 9 351 555-1234', '5493515551234'],
  ])('a number written as a mobile can be one too: %s → %s', (written, number) => {
    expect(possibleMobile(written)).toBe(number);
  });

  it.each([
    ['4555-1234', 'a local number: the area code would be a guess'],
    ['155-551234', 'a local 15 number'],
    ['11 2345-678', 'nine digits'],
    ['11 2345-67890', 'eleven digits'],
    ['(0351) 022-1234', 'a subscriber number cannot start with 0'],
    ['(0451) 422-1234', 'no area code starts with 4'],
    ['+598 99 123 456', 'a foreign number'],
    ['00351 912 345 678', 'a foreign number (Portugal), not a trunk 0'],
    ['sin teléfono', 'no digits'],
    ['', 'empty'],
  ])('%s → null (%s)', (written) => {
    expect(possibleMobile(written)).toBeNull();
  });

  it('any plausible NSN written with spaces, dashes, parentheses or the trunk 0 maps to 549 + NSN', () => {
    // Real area codes of 2, 3 and 4 digits; a subscriber number never starts with 0 or 1.
    const areas = ['11', '221', '261', '351', '381', '2657', '2920', '2966', '3462', '3756'];
    const nsn = fc.constantFrom(...areas).chain((area) =>
      fc
        .tuple(
          fc.integer({ min: 2, max: 9 }),
          fc.array(fc.integer({ min: 0, max: 9 }), {
            minLength: 9 - area.length,
            maxLength: 9 - area.length,
          }),
        )
        .map(([first, rest]) => ({ area, subscriber: `${first}${rest.join('')}` })),
    );
    const written = fc.record({
      number: nsn,
      trunk: fc.boolean(),
      parens: fc.boolean(),
      afterArea: fc.constantFrom('', ' ', '-'),
      split: fc.integer({ min: 1, max: 5 }),
      inSubscriber: fc.constantFrom('', ' ', '-'),
    });
    fc.assert(
      fc.property(written, ({ number, trunk, parens, afterArea, split, inSubscriber }) => {
        const area = `${trunk ? '0' : ''}${number.area}`;
        const { subscriber } = number;
        const phone = `${parens ? `(${area})` : area}${afterArea}${subscriber.slice(0, split)}${inSubscriber}${subscriber.slice(split)}`;
        expect(possibleMobile(phone)).toBe(`549${number.area}${subscriber}`);
      }),
    );
  });
});

describe('whatsappTarget: the phone and its kind decide the link (issue 32)', () => {
  it('FIJO → never a link, even when written as a mobile', () => {
    expect(whatsappTarget('351 584-7753', 'FIJO')).toBeNull();
    expect(whatsappTarget('011 15-2345-6789', 'FIJO')).toBeNull();
  });

  it('MOVIL → a sure link whenever a number can be built', () => {
    expect(whatsappTarget('351 584-7753', 'MOVIL')).toEqual({ number: '5493515847753', sure: true });
    expect(whatsappTarget('+54 9 11 2345-6789', 'MOVIL')).toEqual({ number: '5491123456789', sure: true });
  });

  it('MOVIL → no link when no number can be built (no area code)', () => {
    expect(whatsappTarget('4555-1234', 'MOVIL')).toBeNull();
  });

  it('unknown → a link that is a guess when it can be a mobile', () => {
    expect(whatsappTarget('351 584-7753', null)).toEqual({ number: '5493515847753', sure: false });
    expect(whatsappTarget('(0351) 422-1234', undefined)).toEqual({ number: '5493514221234', sure: false });
  });

  it('unknown → a sure link when written as a mobile', () => {
    expect(whatsappTarget('011 15-2345-6789', null)).toEqual({ number: '5491123456789', sure: true });
  });

  it('unknown → no link when it cannot be a mobile', () => {
    expect(whatsappTarget('4555-1234', null)).toBeNull();
    expect(whatsappTarget(null, null)).toBeNull();
  });

  it('for any text: FIJO never links, MOVIL and unknown link the same number', () => {
    fc.assert(
      fc.property(fc.string(), (phone) => {
        expect(whatsappTarget(phone, 'FIJO')).toBeNull();
        expect(whatsappTarget(phone, 'MOVIL')?.number ?? null).toBe(possibleMobile(phone));
        expect(whatsappTarget(phone, null)?.sure ?? false).toBe(argentineMobile(phone) !== null);
      }),
    );
  });
});

describe('whatsappLink', () => {
  it('a mobile → wa.me with 549 and the message encoded', () => {
    expect(whatsappLink('011 15-2345-6789', null, 'Hola Ana, ¿podemos hablar?')).toBe(
      'https://wa.me/5491123456789?text=Hola%20Ana%2C%20%C2%BFpodemos%20hablar%3F',
    );
  });
  it('a number that can be a mobile → wa.me unless marked FIJO', () => {
    expect(whatsappLink('351 584-7753', null, '')).toBe('https://wa.me/5493515847753');
    expect(whatsappLink('351 584-7753', 'FIJO', 'Hola')).toBeNull();
  });
  it('a local number → null', () => {
    expect(whatsappLink('4555-1234', null, 'Hola')).toBeNull();
  });
  it('without a message, no text parameter', () => {
    expect(whatsappLink('+54 9 351 555-1234', null, '')).toBe('https://wa.me/5493515551234');
  });
  it('the greeting names the debtor, the agency and the company', () => {
    expect(whatsappGreeting({ debtor: 'Ana Gómez', agency: 'Cobros SA', company: 'Banco Sol' })).toBe(
      'Hola Ana Gómez, le escribimos de Cobros SA por su cuenta con Banco Sol. ¿Podemos hablar?',
    );
    expect(whatsappGreeting({ debtor: 'Ana', agency: 'Cobros SA', company: 'Frávega S.A.' })).toBe(
      'Hola Ana, le escribimos de Cobros SA por su cuenta con Frávega S.A. ¿Podemos hablar?',
    );
    expect(whatsappGreeting({ debtor: 'Ana', agency: '', company: null })).toBe(
      'Hola Ana, le escribimos de la agencia de cobranzas por su cuenta. ¿Podemos hablar?',
    );
  });
});

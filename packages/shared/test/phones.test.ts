import { describe, expect, it } from 'vitest';
import { argentineMobile, whatsappGreeting, whatsappLink } from '../src/phones';

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

describe('whatsappLink', () => {
  it('a mobile → wa.me with 549 and the message encoded', () => {
    expect(whatsappLink('011 15-2345-6789', 'Hola Ana, ¿podemos hablar?')).toBe(
      'https://wa.me/5491123456789?text=Hola%20Ana%2C%20%C2%BFpodemos%20hablar%3F',
    );
  });
  it('a landline → null', () => {
    expect(whatsappLink('4555-1234', 'Hola')).toBeNull();
  });
  it('without a message, no text parameter', () => {
    expect(whatsappLink('+54 9 351 555-1234', '')).toBe('https://wa.me/5493515551234');
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

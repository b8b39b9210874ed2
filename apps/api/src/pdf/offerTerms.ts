import { agencyDayTime, formatMoney, oneLine, type PortalOffer, percentText } from '@cobranzas/shared';
import { type Agency, letterhead } from './letterhead';
import { dayText } from './receipt';
import type { Content, TDocumentDefinitions } from './render';

/** What the terms of an offer accepted in the portal print (issue 34). */
export interface OfferTermsContent {
  offerId: number;
  offer: PortalOffer;
  discountPercent: string;
  /** The day the balance is of (the day it was accepted, at the agency). */
  date: string;
  currency: 'ARS' | 'USD';
  company: string;
  debt: { id: number; reference: string | null };
  debtor: { lastName: string; firstName: string; dni: string };
  /** When, from where and with what it was accepted: the evidence of the acceptance. */
  acceptedAt: Date;
  address: string | null;
  userAgent: string | null;
}

const row = (label: string, value: Content): Content[] => [{ text: label, style: 'label' }, value];

/**
 * The terms the debtor accepted, as one document: who and what debt, the balance to date, the
 * discount, what is paid and when (each quota), and how it was accepted (time, address, browser, the
 * code and DNI checked). Its SHA-256 is kept with the acceptance; the PDF itself too, unchanged.
 */
export function offerTermsDocument(agency: Agency, terms: OfferTermsContent): TDocumentDefinitions {
  const money = (value: string) => formatMoney(value, terms.currency);
  const { offer } = terms;
  const debtor = `${oneLine(terms.debtor.lastName)}, ${oneLine(terms.debtor.firstName)} (DNI ${terms.debtor.dni})`;
  const debt = `N.º ${terms.debt.id}${terms.debt.reference ? ` (${oneLine(terms.debt.reference)})` : ''} con ${oneLine(terms.company)}`;
  const when = agencyDayTime(terms.acceptedAt, true);
  const rows: Content[][] = [
    row('Deudor', debtor),
    row('Deuda', debt),
    row('Saldo a la fecha', `${money(offer.balance)} al ${dayText(terms.date)}`),
    row(
      'Quita',
      offer.discount === '0.00'
        ? 'Sin quita'
        : `${money(offer.discount)} (${percentText(terms.discountPercent)})`,
    ),
    row('Total a pagar', { text: money(offer.amount), bold: true }),
    row('Forma de pago', offer.quotas === 1 ? 'Un pago' : `${offer.quotas} cuotas mensuales`),
  ];
  const schedule: Content[][] = [
    [
      { text: 'Cuota', style: 'label' },
      { text: 'Vencimiento', style: 'label' },
      { text: 'Importe', style: 'label', alignment: 'right' },
    ],
    ...offer.schedule.map((quota) => [
      String(quota.number),
      dayText(quota.dueDate),
      { text: money(quota.amount), alignment: 'right' as const },
    ]),
  ];
  return {
    info: { title: `Acuerdo de pago N.º ${terms.offerId}`, author: agency.name || 'Agencia de cobranzas' },
    content: [
      letterhead(agency),
      { text: `Acuerdo de pago N.º ${terms.offerId}: ${oneLine(offer.title)}`, style: 'title' },
      { table: { widths: [110, '*'], body: rows }, layout: 'lightHorizontalLines', margin: [0, 4, 0, 10] },
      { table: { headerRows: 1, widths: [50, '*', 120], body: schedule }, layout: 'lightHorizontalLines' },
      {
        margin: [0, 12, 0, 0],
        text:
          'Cada cuota se paga hasta su vencimiento, en el portal del deudor o en los medios que indique la agencia. ' +
          'La quita se aplica al aceptar este acuerdo; si el plan no se cumple, la agencia puede reclamar el saldo ' +
          'según las condiciones de la compañía acreedora.',
      },
      {
        margin: [0, 12, 0, 0],
        style: 'small',
        text:
          `Aceptado electrónicamente en el portal del deudor el ${when} (hora de Argentina), tras verificar el ` +
          `código personal y el DNI del deudor, desde la dirección ${terms.address ?? 'desconocida'} con el ` +
          `navegador «${oneLine(terms.userAgent ?? 'desconocido')}». La agencia guarda este documento y su huella SHA-256.`,
      },
    ],
  };
}

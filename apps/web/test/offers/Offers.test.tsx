import { addMonthsClamped, agencyToday, type Offer, type OfferTerms } from '@cobranzas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { limitsText, offerPreview } from '../../src/features/offers/preview';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { debtApi, fastUser, list, stubScrollIntoView } from '../debts/fixtures';
import { bodyOf } from '../http';
import { renderApp, signInAs } from '../render';

const TERMS: OfferTerms = {
  debtId: 12,
  date: '2026-01-15',
  balance: '10000.00',
  currency: 'ARS',
  limits: { maxDiscountPercent: '30.00', maxQuotas: 12, minDownPaymentPercent: '10.00' },
  hasPlan: false,
  open: true,
};
const next = addMonthsClamped(agencyToday(), 1);
const draft = { amount: '7000.00', quotas: '12', downPayment: '700.00', firstDueDate: next, notes: '' };

describe('the offer form’s limit preview (the API’s arithmetic, before sending)', () => {
  it('a discount exactly at the largest one is within; one cent more is beyond, with the reason', () => {
    const at = offerPreview(draft, TERMS);
    expect(at).toMatchObject({
      kind: 'ready',
      within: true,
      verdict: 'Dentro de los límites: se aprueba al instante',
      discount: '3000.00',
      discountPercent: '30.00',
      reasons: [],
    });
    // The down payment first, 6 300,00 in 11 quotas: 572,72 × 10 and 572,80.
    expect(at.kind === 'ready' && at.quotas.map((q) => q.amount)).toEqual([
      '700.00',
      ...Array.from({ length: 10 }, () => '572.72'),
      '572.80',
    ]);
    expect(offerPreview({ ...draft, amount: '6999.99' }, TERMS)).toMatchObject({
      within: false,
      verdict: 'Fuera de los límites: la aprueba un administrador',
      reasons: ['La quita de $ 3.000,01 (30,01 %) supera la máxima de la compañía: 30,00 % ($ 3.000,00).'],
    });
  });

  it('too many quotas or too small a down payment are beyond the limits', () => {
    expect(offerPreview({ ...draft, quotas: '13' }, TERMS)).toMatchObject({
      within: false,
      reasons: ['Son 13 cuotas y la compañía permite hasta 12.'],
    });
    expect(offerPreview({ ...draft, downPayment: '699.99' }, TERMS)).toMatchObject({
      within: false,
      reasons: [
        'El anticipo de $ 699,99 (9,99 %) es menor que el mínimo de la compañía: 10,00 % ($ 700,00).',
      ],
    });
    const free = {
      ...TERMS,
      limits: { maxDiscountPercent: null, maxQuotas: null, minDownPaymentPercent: null },
    };
    expect(offerPreview({ ...draft, amount: '100.00', quotas: '60', downPayment: '' }, free)).toMatchObject({
      within: true,
    });
  });

  it('what the API would refuse is said, and half-typed offers wait', () => {
    expect(offerPreview({ ...draft, amount: '10000.01' }, TERMS)).toEqual({
      kind: 'invalid',
      message: 'La oferta supera el saldo a la fecha de la deuda ($ 10.000,00).',
    });
    expect(offerPreview({ ...draft, downPayment: '7000.01' }, TERMS)).toEqual({
      kind: 'invalid',
      message: 'El anticipo no puede superar el total ofrecido.',
    });
    expect(offerPreview({ ...draft, amount: '' }, TERMS)).toEqual({ kind: 'incomplete' });
    expect(offerPreview({ ...draft, quotas: '' }, TERMS)).toEqual({ kind: 'incomplete' });
  });

  it('the company’s limits in words', () => {
    expect(limitsText(TERMS.limits)).toBe(
      'Límites de la compañía: quita hasta 30 %, hasta 12 cuotas, anticipo desde 10 %.',
    );
    expect(limitsText({ maxDiscountPercent: '12.50', maxQuotas: null, minDownPaymentPercent: null })).toBe(
      'Límites de la compañía: quita hasta 12,50 %.',
    );
    expect(limitsText({ maxDiscountPercent: null, maxQuotas: null, minDownPaymentPercent: null })).toBe(
      'La compañía no fija límites: toda oferta se aprueba al instante.',
    );
  });
});

const approved: Offer = {
  id: 7,
  debtId: 12,
  userId: 2,
  userName: 'Ana Pérez',
  balance: '10000.00',
  amount: '7000.00',
  discount: '3000.00',
  discountPercent: '30.00',
  quotas: 4,
  downPayment: '1000.00',
  firstDueDate: next,
  notes: null,
  status: 'APROBADA',
  reasons: [],
  decidedBy: null,
  decidedByName: null,
  decidedAt: '2026-01-15T12:00:00.000Z',
  decisionNote: null,
  acceptedBy: null,
  acceptedAt: null,
  acceptedInPortal: false,
  cancelledBy: null,
  cancelledAt: null,
  cancelReason: null,
  debtReference: 'CTA-1',
  debtorName: 'Pérez, Juan',
  companyId: 5,
  companyName: 'Frávega S.A.',
  currency: 'ARS',
  createdAt: '2026-01-15T12:00:00.000Z',
  updatedAt: '2026-01-15T12:00:00.000Z',
};

describe('the debt file’s «Ofertas» tab', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    stubScrollIntoView();
    await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
  }, 60_000);
  afterEach(() => {
    setNavigator(null);
    session.start();
  });
  const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

  it('«Nueva oferta» shows the balance to date and says before sending whether it is within the limits', async () => {
    signInAs('GENERAL');
    const { requests } = debtApi((config) => {
      if (config.url === '/offers/terms') return { status: 200, data: TERMS };
      if (config.method === 'post' && config.url === '/offers')
        return { status: 201, data: { ...approved, status: 'APROBADA' } };
      if (config.url === '/offers') return list([]);
      return undefined;
    });
    renderApp('/debts/view/12?tab=ofertas');
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Nueva oferta' }, { timeout: 5000 }));
    const form = await screen.findByRole('form', { name: 'Nueva oferta' });
    expect(within(form).getByText('$ 10.000,00')).toBeInTheDocument();
    expect(field('Total a pagar')).toHaveValue('10.000,00');

    await user.clear(field('Total a pagar'));
    await user.type(field('Total a pagar'), '6.999,99');
    await user.clear(field('Cantidad de cuotas'));
    await user.type(field('Cantidad de cuotas'), '12');
    await user.type(field('Anticipo'), '700');
    expect(
      await within(form).findByText('Fuera de los límites: la aprueba un administrador'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText(/La quita de \$ 3\.000,01 \(30,01 %\) supera la máxima/),
    ).toBeInTheDocument();

    await user.clear(field('Total a pagar'));
    await user.type(field('Total a pagar'), '7.000');
    expect(
      await within(form).findByText('Dentro de los límites: se aprueba al instante'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'post')).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Enviar oferta' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'post')).toHaveLength(1));
    expect(bodyOf(requests.find((r) => r.method === 'post'))).toMatchObject({
      debtId: 12,
      amount: '7000.00',
      quotas: 12,
      downPayment: '700.00',
    });
  });

  it('«Aceptar» says the plan will be created and the discount recorded, then accepts', async () => {
    signInAs('GENERAL');
    const { requests } = debtApi((config) => {
      if (config.method === 'post' && config.url === '/offers/7/accept')
        return { status: 200, data: { ...approved, status: 'ACEPTADA' } };
      if (config.url === '/offers') return list([approved]);
      return undefined;
    });
    renderApp('/debts/view/12?tab=ofertas');
    const user = fastUser();
    // A GENERAL does not approve: only Aceptar and Anular.
    const accept = await screen.findByRole('button', { name: 'Aceptar la oferta 7' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Aprobar la oferta 7' })).not.toBeInTheDocument();
    await user.click(accept);
    const dialog = await screen.findByRole('dialog', { name: 'El deudor aceptó la oferta' });
    expect(dialog).toHaveTextContent('Se creará el plan de pagos: 4 cuotas por $ 7.000,00');
    expect(dialog).toHaveTextContent('se registrará la quita de $ 3.000,00 (30,00 %)');
    await user.click(within(dialog).getByRole('button', { name: 'Crear el plan y registrar la quita' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/offers/7/accept')).toBe(true));
  });
});

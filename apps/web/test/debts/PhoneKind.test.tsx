import type { Debt, UserTypeName } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { bodyOf } from '../http';
import { renderApp, signInAs } from '../render';
import { debt, debtApi, debtor, fastUser, stubScrollIntoView } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

/** Generous waits: the machine may be busy with other suites. */
const WAIT = { timeout: 8000 };

/**
 * The debt file with these debtor fields; a PATCH /debtors/3 changes what the next read embeds, or
 * answers `refusal` when given.
 */
async function openFile(
  fields: Partial<Debt['debtor']>,
  role: UserTypeName = 'ADMIN',
  refusal?: { status: number; data: unknown },
) {
  signInAs(role);
  const state = { debt: { ...debt, debtor: { ...debt.debtor, ...fields } } };
  const { requests } = debtApi((config) => {
    if (config.url !== '/debtors/3' || config.method !== 'patch') return undefined;
    if (refusal) return refusal;
    state.debt = { ...state.debt, debtor: { ...state.debt.debtor, ...(bodyOf(config) as object) } };
    return { status: 200, data: { ...debtor, ...state.debt.debtor } };
  }, state);
  renderApp('/debts/view/12');
  await screen.findByText('Pérez, Juan', undefined, WAIT);
  return { region: screen.getByRole('region', { name: 'Resumen de la deuda' }), requests };
}

/**
 * Opens the number's «Tipo de línea» menu and picks `item`. `hidden`: under load the dropdown can
 * still be in its opening transition (display: none in jsdom) when the item is looked for.
 */
async function pickKind(region: HTMLElement, phone: string, item: string) {
  const user = fastUser();
  await user.click(within(region).getByRole('button', { name: `Tipo de línea de ${phone}` }));
  await user.click(await screen.findByRole('menuitem', { name: item, hidden: true }, WAIT));
}

const MAYBE = 'Puede ser un celular: escribir por WhatsApp a Pérez, Juan (351 584-7753)';

describe('WhatsApp and the kind of each phone in the debt header (issue 32)', { timeout: 30_000 }, () => {
  it('an unknown number that can be a mobile: a link that says it is a guess, and «¿celular o fijo?»', async () => {
    const { region } = await openFile({ phone: '351 584-7753' });
    const link = within(region).getByRole('link', { name: MAYBE });
    expect(link).toHaveAttribute('title', 'Puede ser un celular: escribir por WhatsApp');
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5493515847753\?text=/);
    expect(within(region).getByRole('button', { name: 'Tipo de línea de 351 584-7753' })).toBeInTheDocument();
  });

  it('«Es celular» marks it once: the label replaces the control and the link is sure', async () => {
    const { region, requests } = await openFile({ phone: '351 584-7753' });
    await pickKind(region, '351 584-7753', 'Es celular');
    await waitFor(() => expect(within(region).getByText('Celular')).toBeInTheDocument(), WAIT);
    const patch = requests.find((r) => r.method === 'patch');
    expect(patch?.url).toBe('/debtors/3');
    expect(bodyOf(patch)).toEqual({ phoneKind: 'MOVIL' });
    expect(within(region).queryByRole('button', { name: /Tipo de línea/ })).not.toBeInTheDocument();
    const link = within(region).getByRole('link', {
      name: 'Escribir por WhatsApp a Pérez, Juan (351 584-7753)',
    });
    expect(link).toHaveAttribute('title', 'Escribir por WhatsApp');
  });

  it('«Es fijo» on the alternative phone: no link for it, the label «Fijo»', async () => {
    const { region, requests } = await openFile({ phone: null, altPhone: '(0351) 422-1234' });
    expect(within(region).getByRole('link', { name: /Puede ser un celular/ })).toBeInTheDocument();
    await pickKind(region, '(0351) 422-1234', 'Es fijo');
    await waitFor(() => expect(within(region).getByText('Fijo')).toBeInTheDocument(), WAIT);
    expect(bodyOf(requests.find((r) => r.method === 'patch'))).toEqual({ altPhoneKind: 'FIJO' });
    expect(within(region).queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  });

  it('a number written as a mobile needs no question; a local number gets the question but no link', async () => {
    const { region } = await openFile({ phone: '011 15-2345-6789', altPhone: '4555-1234' });
    expect(within(region).getByRole('link', { name: /^Escribir por WhatsApp/ })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Tipo de línea de 011 15-2345-6789' })).toBeNull();
    expect(within(region).getByRole('button', { name: 'Tipo de línea de 4555-1234' })).toBeInTheDocument();
    expect(within(region).getAllByRole('link', { name: /WhatsApp/ })).toHaveLength(1);
  });

  it('a collector (GENERAL) may mark a phone', async () => {
    const { region } = await openFile({ phone: '351 584-7753' }, 'GENERAL');
    expect(within(region).getByRole('button', { name: 'Tipo de línea de 351 584-7753' })).toBeInTheDocument();
  });

  it('a CLIENTE sees the phone, neither the link nor the kind', async () => {
    const { region } = await openFile({ phone: '351 584-7753', phoneKind: 'MOVIL' }, 'CLIENTE');
    expect(within(region).getByText(/351 584-7753/)).toBeInTheDocument();
    expect(within(region).queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /Tipo de línea/ })).not.toBeInTheDocument();
    expect(within(region).queryByText('Celular')).not.toBeInTheDocument();
  });

  it('a failed save says why and keeps the question', async () => {
    const { region } = await openFile({}, 'ADMIN', {
      status: 403,
      data: { message: 'No tiene permiso para realizar esta acción.' },
    });
    await pickKind(region, '11 4567-8901', 'Es celular');
    expect(
      await screen.findByText('No se pudo guardar el tipo de línea', undefined, WAIT),
    ).toBeInTheDocument();
    expect(screen.getByText('No tiene permiso para realizar esta acción.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Tipo de línea de 11 4567-8901' })).toBeInTheDocument();
  });
});

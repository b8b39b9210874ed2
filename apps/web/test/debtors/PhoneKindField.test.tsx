import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { debtor, fastUser, stubScrollIntoView } from '../debts/fixtures';
import { bodyOf, mockApi } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debtors/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const WAIT = { timeout: 8000 };
const emptyList = { status: 200, data: { data: [], total: 0, page: 1, limit: 25 } };

/** The debtor's form with these fields (the fixture's CUIT fails its check digit: none here). */
async function openForm(fields: Partial<typeof debtor>) {
  signInAs('GENERAL');
  const stored = { ...debtor, cuit: null, ...fields };
  const { requests } = mockApi((config) => {
    if (config.url === '/debtors/3' && config.method === 'get') return { status: 200, data: stored };
    if (config.url === '/debtors/3')
      return { status: 200, data: { ...stored, ...(bodyOf(config) as object) } };
    return emptyList;
  });
  renderApp('/debtors/edit/3');
  const phone = screen.getByRole.bind(screen, 'textbox', { name: /^Teléfono$/ });
  await waitFor(() => expect(phone()).toHaveValue(stored.phone), WAIT);
  const saved = async () => {
    await fastUser().click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'patch')).toBe(true), WAIT);
    return bodyOf(requests.find((r) => r.method === 'patch'));
  };
  return { phone: phone(), saved };
}

const kindOf = (label: string) => screen.getByRole('combobox', { name: `Tipo de línea (${label})` });

async function choose(label: string, option: string) {
  const select = kindOf(label);
  await fastUser().click(select);
  const options = await screen.findByRole(
    'listbox',
    { hidden: true, name: (_, element) => element.id === select.getAttribute('aria-controls') },
    WAIT,
  );
  await fastUser().click(within(options).getByRole('option', { name: option, hidden: true }));
}

describe('«Tipo de línea» of each phone in the debtor form (issue 32)', { timeout: 90_000 }, () => {
  it('unknown reads «Sin indicar»; choosing «Celular» saves MOVIL', async () => {
    const { saved } = await openForm({
      phone: '351 584-7753',
      altPhone: '11 4555-1234',
      altPhoneKind: 'FIJO',
    });
    expect(kindOf('teléfono')).toHaveValue('Sin indicar');
    expect(kindOf('teléfono alternativo')).toHaveValue('Fijo');
    await choose('teléfono', 'Celular');
    expect(await saved()).toMatchObject({ phoneKind: 'MOVIL', altPhoneKind: 'FIJO' });
  });

  it('a marked kind can go back to «Sin indicar»', async () => {
    const { saved } = await openForm({ phone: '351 584-7753', phoneKind: 'MOVIL' });
    expect(kindOf('teléfono')).toHaveValue('Celular');
    await choose('teléfono', 'Sin indicar');
    expect(await saved()).toMatchObject({ phoneKind: null });
  });

  it('another number reads «Sin indicar»; the same digits written otherwise keep the kind', async () => {
    const { phone, saved } = await openForm({ phone: '351 584-7753', phoneKind: 'MOVIL' });
    const user = fastUser();
    await user.clear(phone);
    await user.type(phone, '(0351) 5847753');
    expect(kindOf('teléfono')).toHaveValue('Celular');
    await user.clear(phone);
    await user.type(phone, '351 600-1234');
    await waitFor(() => expect(kindOf('teléfono')).toHaveValue('Sin indicar'));
    expect(await saved()).toMatchObject({ phone: '351 600-1234', phoneKind: null });
  });
});

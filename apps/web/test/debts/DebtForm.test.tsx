import { screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
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
  setNavigator(null);
  session.start();
});

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const posts = (requests: InternalAxiosRequestConfig[], url: string) =>
  requests.filter((r) => r.method === 'post' && r.url === url);

async function open(path: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Nueva deuda' }, { timeout: 3000 });
  return view;
}

async function chooseCompany(user: ReturnType<typeof fastUser>) {
  // Mantine selects are inputs, but not always textboxes.
  await user.click(screen.getByLabelText(/^Compañía/, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: 'Frávega S.A.', hidden: true }));
}

describe('the debt form', { timeout: 30_000 }, () => {
  it('finds the debtor of ?dni=, takes the amount typed es-AR and sends it as a decimal string', async () => {
    signInAs('GENERAL');
    const { requests } = debtApi((config) => {
      if (config.url === '/debtors/dni/20345678') return { status: 200, data: debtor };
      if (config.method === 'post' && config.url === '/debts') return { status: 201, data: debt };
      return undefined;
    });
    const { router } = await open('/debts/add?dni=20345678');
    const user = fastUser();
    expect(await screen.findByText('Pérez, Juan')).toBeInTheDocument();
    expect(screen.getByText('CUIT/CUIL 20-20345678-0')).toBeInTheDocument();
    await chooseCompany(user);
    await user.type(field('Importe original'), '1.234,56');
    await user.tab();
    expect(field('Importe original')).toHaveValue('1.234,56');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/debts/view/12'));
    expect(bodyOf(posts(requests, '/debts')[0])).toMatchObject({
      debtorId: 3,
      companyId: 5,
      debtTypeId: 1,
      originalAmount: '1234.56',
      status: 'ACTIVA',
    });
    expect(await screen.findByText('Se guardó la deuda N.º 12 de Pérez, Juan.')).toBeInTheDocument();
  });

  it('refuses an amount that is not es-AR money, and a debt without debtor, sending nothing', async () => {
    signInAs('GENERAL');
    const { requests } = debtApi();
    await open('/debts/add');
    const user = fastUser();
    await chooseCompany(user);
    await user.type(field('Importe original'), '12,345');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Importe inválido: escríbalo como 1.234,56.')).toBeInTheDocument();
    expect(screen.getByText('Busque o cree el deudor.')).toBeInTheDocument();
    expect(posts(requests, '/debts')).toHaveLength(0);
  });

  it('creates an unknown debtor inline with the searched DNI', async () => {
    signInAs('GENERAL');
    const { requests } = debtApi((config) => {
      if (config.url === '/debtors/dni/30111222') return { status: 404, data: { message: 'No se encontró' } };
      if (config.method === 'post' && config.url === '/debtors')
        return {
          status: 201,
          data: { ...debtor, id: 9, dni: '30111222', cuit: null, lastName: 'Gómez', firstName: 'Ana' },
        };
      return undefined;
    });
    await open('/debts/add');
    const user = fastUser();
    await user.type(field('DNI o CUIT del deudor'), '30111222');
    await user.click(screen.getByRole('button', { name: 'Buscar deudor' }));
    const inline = await screen.findByRole('form', { name: 'Nuevo deudor' });
    expect(within(inline).getByRole('textbox', { name: /^DNI/ })).toHaveValue('30111222');
    await user.type(within(inline).getByRole('textbox', { name: /^Apellido/ }), 'Gómez');
    await user.type(within(inline).getByRole('textbox', { name: /^Nombres/ }), 'Ana');
    await user.click(within(inline).getByRole('button', { name: 'Crear deudor' }));
    expect(await screen.findByText('Gómez, Ana')).toBeInTheDocument();
    expect(bodyOf(posts(requests, '/debtors')[0])).toMatchObject({
      dni: '30111222',
      lastName: 'Gómez',
      firstName: 'Ana',
    });
  });
});

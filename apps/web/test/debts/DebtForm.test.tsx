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

  it('editing sends neither the stage nor the status: they show, disabled, and change in the debt file', async () => {
    signInAs('GENERAL');
    const { requests } = debtApi((config) => {
      if (config.method === 'patch' && config.url === '/debts/12') return { status: 200, data: debt };
      return undefined;
    });
    const { router } = renderApp('/debts/edit/12');
    await screen.findByRole('heading', { level: 1, name: 'Editar deuda' }, { timeout: 3000 });
    const user = fastUser();
    await waitFor(() => expect(screen.getByLabelText(/^Etapa/, { selector: 'input' })).toBeDisabled());
    expect(screen.getByLabelText(/^Estado/, { selector: 'input' })).toBeDisabled();
    expect(screen.getByText('Se cambia con «Cambiar estado» en el detalle de la deuda.')).toBeInTheDocument();
    await user.type(field('Referencia del cliente'), '-B');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/debts/view/12'));
    const sent = bodyOf(requests.find((r) => r.method === 'patch' && r.url === '/debts/12')) as object;
    expect(sent).toMatchObject({ reference: 'CTA-1-B', originalAmount: '1500.00' });
    expect(sent).not.toHaveProperty('debtTypeId');
    expect(sent).not.toHaveProperty('status');
  });

  it('a new debt starts ACTIVA: the form asks for its stage, not its status', async () => {
    signInAs('GENERAL');
    debtApi();
    await open('/debts/add');
    expect(screen.getByLabelText(/^Etapa/, { selector: 'input' })).toBeEnabled();
    expect(screen.queryByLabelText(/^Estado/, { selector: 'input' })).not.toBeInTheDocument();
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

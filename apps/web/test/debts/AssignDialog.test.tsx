import type { Debt } from '@cobranzas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { bodyOf } from '../http';
import { renderApp, signInAs } from '../render';
import { debt, debtApi, fastUser, list, stubScrollIntoView } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const DEBTS: Debt[] = [12, 13, 14].map((id) => ({
  ...debt,
  id,
  debtor: { ...debt.debtor, lastName: `Pérez ${id}` },
}));
const COLLECTORS = [
  { id: 8, name: 'Gabriela Gómez', role: 'GENERAL' },
  { id: 9, name: 'Hugo Ibarra', role: 'GENERAL' },
];

/** GET /debts answers the three debts out of `total`; POST /debts/assign answers `reply`. */
function assignApi(
  total: number,
  reply: { status: number; data?: unknown } = { status: 200, data: { assigned: 2 } },
) {
  return debtApi((config) => {
    if (config.method === 'get' && config.url === '/debts')
      return { status: 200, data: { data: DEBTS, total, page: 1, limit: 25 } };
    if (config.method === 'get' && config.url === '/users') return list(COLLECTORS);
    if (config.method === 'get' && config.url === '/debts/summary')
      return { status: 200, data: { debts: total, byCurrency: [] } };
    if (config.method === 'post' && config.url === '/debts/assign') return reply;
    return undefined;
  });
}

const posts = (requests: InternalAxiosRequestConfig[]) => requests.filter((r) => r.url === '/debts/assign');
const listLoads = (requests: InternalAxiosRequestConfig[]) =>
  requests.filter((r) => r.url === '/debts' && r.method === 'get');

async function open(path: string, role: 'ADMIN' | 'GENERAL' = 'ADMIN') {
  signInAs(role);
  const view = renderApp(path);
  await screen.findByRole('row', { name: /Abrir deuda N\.º 12/ }, { timeout: 5000 });
  return view;
}

async function chooseCollector(user: ReturnType<typeof fastUser>, name: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Asignar deudas a un cobrador' });
  const input = within(dialog).getByRole('combobox', { name: /Cobrador/ });
  await user.click(input);
  // The filter form's «Asignada a» has the same people: the dialog's own list of options.
  const listbox = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error('sin lista de cobradores');
    return found;
  });
  await user.click(await within(listbox).findByRole('option', { name, hidden: true }));
  return dialog;
}

describe('bulk assignment from the debts lists (issue 18)', { timeout: 30_000 }, () => {
  it('assigns the rows chosen on the list to a collector, says so and reloads the list', async () => {
    const { requests } = assignApi(3);
    const { router } = await open('/debts/search');
    const user = fastUser();
    await user.click(screen.getByRole('checkbox', { name: 'Elegir deuda N.º 12 de Pérez 12, Juan' }));
    await user.click(screen.getByRole('checkbox', { name: 'Elegir deuda N.º 14 de Pérez 14, Juan' }));
    // Choosing a row does not open it.
    expect(router.state.location.pathname).toBe('/debts/search');
    expect(screen.getByText('2 deudas elegidas')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Asignar' }));
    const dialog = await chooseCollector(user, 'Gabriela Gómez');
    const loads = listLoads(requests).length;
    await user.click(within(dialog).getByRole('button', { name: 'Asignar las 2 seleccionadas' }));
    expect(await screen.findByText('Se asignaron 2 deudas a Gabriela Gómez.')).toBeInTheDocument();
    expect(posts(requests).map(bodyOf)).toEqual([{ userId: 8, ids: [12, 14] }]);
    await waitFor(() => expect(listLoads(requests).length).toBeGreaterThan(loads));
    expect(screen.queryByRole('dialog', { name: 'Asignar deudas a un cobrador' })).not.toBeInTheDocument();
    expect(screen.getByText(/Elija deudas en la tabla/)).toBeInTheDocument();
  });

  it('the whole page at once: the header checkbox', async () => {
    assignApi(3);
    await open('/debts/search');
    await fastUser().click(screen.getByRole('checkbox', { name: 'Elegir todas las de esta página' }));
    expect(screen.getByText('3 deudas elegidas')).toBeInTheDocument();
  });

  it('assigns everything the current filter finds, only after confirming', async () => {
    const { requests } = assignApi(1234, { status: 200, data: { assigned: 1200 } });
    await open('/debts/search?companyId=5&status=ACTIVA&page=2');
    const user = fastUser();
    await user.click(screen.getByRole('button', { name: 'Asignar' }));
    const dialog = await chooseCollector(user, 'Hugo Ibarra');
    // No row chosen: only the filter's button.
    expect(within(dialog).queryByRole('button', { name: /seleccionada/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Asignar las 1.234 del filtro actual' }));
    expect(
      within(dialog).getByText(
        /las 1\.234 deudas del filtro actual, también las que hoy tienen otro cobrador/,
      ),
    ).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await user.click(within(dialog).getByRole('button', { name: 'Asignar las 1.234 del filtro actual' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sí, asignar las 1.234 deudas' }));
    expect(await screen.findByText('Se asignaron 1.200 deudas a Hugo Ibarra.')).toBeInTheDocument();
    // The list's filters, not its page.
    expect(posts(requests).map(bodyOf)).toEqual([
      { userId: 9, filter: { companyId: '5', status: 'ACTIVA' } },
    ]);
  });

  it('a stage list sends its stage as part of the filter', async () => {
    const { requests } = assignApi(3, { status: 200, data: { assigned: 3 } });
    await open('/debts/type/2');
    const user = fastUser();
    await user.click(screen.getByRole('button', { name: 'Asignar' }));
    const dialog = await chooseCollector(user, 'Gabriela Gómez');
    await user.click(within(dialog).getByRole('button', { name: 'Asignar las 3 del filtro actual' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sí, asignar las 3 deudas' }));
    expect(await screen.findByText('Se asignaron 3 deudas a Gabriela Gómez.')).toBeInTheDocument();
    expect(posts(requests).map(bodyOf)).toEqual([{ userId: 8, filter: { debtTypeId: '2' } }]);
  });

  it('a refusal stays in the dialog, in Spanish', async () => {
    assignApi(3, {
      status: 400,
      data: {
        message: 'Los datos enviados no son válidos.',
        errors: { assignedUserId: ['Solo se puede asignar a un usuario activo de la agencia.'] },
      },
    });
    await open('/debts/search');
    const user = fastUser();
    await user.click(screen.getByRole('checkbox', { name: 'Elegir deuda N.º 13 de Pérez 13, Juan' }));
    await user.click(screen.getByRole('button', { name: 'Asignar' }));
    const dialog = await chooseCollector(user, 'Gabriela Gómez');
    await user.click(within(dialog).getByRole('button', { name: 'Asignar la seleccionada' }));
    expect(
      await within(dialog).findByText('Solo se puede asignar a un usuario activo de la agencia.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('No se pudo asignar')).toBeInTheDocument();
  });

  it('only an ADMIN assigns: a GENERAL user gets neither checkboxes nor «Asignar»', async () => {
    assignApi(3);
    await open('/debts/search', 'GENERAL');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Asignar' })).not.toBeInTheDocument();
  });
});

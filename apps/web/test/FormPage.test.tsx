import { MESSAGES } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../src/lib/navigation';
import { session } from '../src/lib/session';
import { bodyOf, mockApi } from './http';
import { renderApp, signInAs } from './render';

beforeAll(async () => {
  await Promise.all([import('../src/features/companies/pages'), import('../src/app/layout/AppLayout')]);
}, 30_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const company = {
  id: 5,
  name: 'Edenor S.A.',
  cuit: '30500010912',
  email: null,
  phone: null,
  address: null,
  contactName: null,
  commissionRate: '12.50',
  promiseGraceDays: 0,
  promiseMaxDays: 90,
  active: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const emptyList = { status: 200, data: { data: [], total: 0, page: 1, limit: 25 } };
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const save = () => screen.getByRole('button', { name: 'Guardar' });
const posts = (requests: InternalAxiosRequestConfig[]) => requests.filter((r) => r.method === 'post');

async function addCompany() {
  const view = renderApp('/companies/add');
  await screen.findByRole('heading', { level: 1, name: 'Nueva compañía' }, { timeout: 3000 });
  return view;
}

describe('the generic form: validation', () => {
  it('shows the shared schema’s Spanish messages under each field and sends nothing', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi(() => emptyList);
    const { user } = await addCompany();
    await user.type(field('CUIT'), '20123456781');
    await user.click(save());
    expect(await screen.findByText(MESSAGES.required)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.invalidCuit)).toBeInTheDocument();
    expect(field('Razón social')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(requests)).toHaveLength(0);
  });

  it('types the CUIT as XX-XXXXXXXX-X and sends its digits', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) =>
      config.method === 'post' ? { status: 201, data: company } : emptyList,
    );
    const { user, router } = await addCompany();
    await user.type(field('Razón social'), 'Edenor S.A.');
    await user.type(field('CUIT'), '30500010912');
    expect(field('CUIT')).toHaveValue('30-50001091-2');
    await user.clear(field('Comisión$'));
    await user.type(field('Comisión$'), '12,5');
    await user.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/list'));
    expect(bodyOf(posts(requests)[0])).toMatchObject({
      name: 'Edenor S.A.',
      cuit: '30500010912',
      commissionRate: '12.5',
    });
    expect(await screen.findByText('Guardado')).toBeInTheDocument();
    expect(screen.getByText('Se guardó la compañía «Edenor S.A.».')).toBeInTheDocument();
  });
});

describe('the generic form: server answers', () => {
  it('puts a 409’s field errors under the field', async () => {
    signInAs('ADMIN');
    mockApi((config) =>
      config.method === 'post'
        ? { status: 409, data: { message: MESSAGES.cuitTaken, errors: { cuit: [MESSAGES.cuitTaken] } } }
        : emptyList,
    );
    const { user, router } = await addCompany();
    await user.type(field('Razón social'), 'Otra S.A.');
    await user.type(field('CUIT'), '30500010912');
    await user.click(save());
    expect(await screen.findByText(MESSAGES.cuitTaken)).toBeInTheDocument();
    expect(field('CUIT')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/companies/add');
  });

  it('shows a message no field can take above the buttons', async () => {
    signInAs('ADMIN');
    mockApi((config) =>
      config.method === 'post' ? { status: 409, data: { message: MESSAGES.conflict } } : emptyList,
    );
    const { user } = await addCompany();
    await user.type(field('Razón social'), 'Otra S.A.');
    await user.type(field('CUIT'), '30500010912');
    await user.click(save());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo guardar');
    expect(alert).toHaveTextContent(MESSAGES.conflict);
  });

  it('sends one request however often it is submitted while saving', async () => {
    signInAs('ADMIN');
    let release: (value: { status: number; data: unknown }) => void = () => {};
    const { requests } = mockApi((config) =>
      config.method === 'post' ? new Promise((resolve) => (release = resolve)) : emptyList,
    );
    const { user, router } = await addCompany();
    await user.type(field('Razón social'), 'Edenor S.A.');
    await user.type(field('CUIT'), '30500010912');
    await user.click(save());
    await user.type(field('Razón social'), '{Enter}');
    await user.click(save());
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(save()).toHaveAttribute('data-loading', 'true');
    release({ status: 201, data: company });
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/list'));
    expect(posts(requests)).toHaveLength(1);
  });
});

describe('the generic form: leaving', () => {
  it('warns before leaving unsaved changes; stays or leaves as the user says', async () => {
    signInAs('ADMIN');
    mockApi(() => emptyList);
    const { user, router } = await addCompany();
    await user.type(field('Razón social'), 'A medio escribir');
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    await user.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/companies/add');
    expect(field('Razón social')).toHaveValue('A medio escribir');

    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    dialog = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    await user.click(within(dialog).getByRole('button', { name: 'Salir sin guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/list'));
  });

  it('leaves an untouched form without asking', async () => {
    signInAs('ADMIN');
    mockApi(() => emptyList);
    const { user, router } = await addCompany();
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/list'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the generic form: editing', () => {
  it('loads the record into the form and saves with PATCH', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) =>
      config.url === '/companies/5' ? { status: 200, data: company } : emptyList,
    );
    const { user, router } = renderApp('/companies/edit/5');
    await waitFor(() => expect(field('Razón social')).toHaveValue('Edenor S.A.'), { timeout: 3000 });
    expect(field('CUIT')).toHaveValue('30-50001091-2');
    expect(field('Comisión$')).toHaveValue('12,5');
    await user.type(field('Teléfono'), '011 4000-1234');
    await user.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/list'));
    const patch = requests.find((r) => r.method === 'patch');
    expect(patch?.url).toBe('/companies/5');
    expect(bodyOf(patch)).toMatchObject({ phone: '011 4000-1234', cuit: '30500010912' });
  });

  it('a record that does not exist (404) says so', async () => {
    signInAs('ADMIN');
    mockApi(() => ({ status: 404, data: { message: MESSAGES.notFound } }));
    renderApp('/companies/edit/999');
    expect(
      await screen.findByText('El registro no existe', undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Editar compañía' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la lista' })).toHaveAttribute(
      'href',
      '/companies/list',
    );
  });

  it('is read-only for a user who may view but not edit (GENERAL)', async () => {
    signInAs('GENERAL');
    mockApi((config) => (config.url === '/companies/5' ? { status: 200, data: company } : emptyList));
    renderApp('/companies/edit/5');
    await waitFor(() => expect(field('Razón social')).toHaveValue('Edenor S.A.'), { timeout: 3000 });
    expect(screen.getByText('Solo lectura')).toBeInTheDocument();
    expect(field('Razón social')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/companies/list');
  });
});

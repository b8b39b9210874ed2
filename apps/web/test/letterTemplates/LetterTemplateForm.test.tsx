import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { fastUser } from '../debts/fixtures';
import { bodyOf, mockApi } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  await Promise.all([
    import('../../src/features/letterTemplates/pages'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 30_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const at = '2026-01-01T00:00:00Z';
const saved = {
  id: 9,
  code: 'aviso',
  name: 'Aviso',
  kind: 'OTRA',
  subject: null,
  body: 'x',
  createdAt: at,
  updatedAt: at,
};
const emptyList = { status: 200, data: { data: [], total: 0, page: 1, limit: 25 } };
const previews = (requests: InternalAxiosRequestConfig[]) =>
  requests.filter((r) => r.url === '/letter-templates/preview');

/** Answers the preview as the server would, with the body's first field replaced. */
function api() {
  return mockApi((config) => {
    if (config.url === '/letter-templates/preview') {
      const { body } = bodyOf(config) as { body: string };
      const unknown = body.includes('{{deudor.apodo}}') ? ['deudor.apodo'] : [];
      return {
        status: 200,
        data: { subject: '', text: body.replace('{{deudor.nombre}}', 'NOMBRE DE EJEMPLO'), unknown },
      };
    }
    if (config.method === 'post') return { status: 201, data: saved };
    return emptyList;
  });
}

describe('the letter template editor (DESIGN.md §10.5)', { timeout: 30_000 }, () => {
  it('a merge field clicked goes where the cursor is; the preview follows the text; saving sends it', async () => {
    signInAs('ADMIN');
    const { requests } = api();
    const { router } = renderApp('/letter-templates/add');
    await screen.findByRole('heading', { level: 1, name: 'Nuevo modelo de carta' }, { timeout: 3000 });
    const user = fastUser();
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Aviso');
    await user.type(screen.getByRole('textbox', { name: 'Código' }), 'aviso');
    const body = screen.getByRole('textbox', { name: /Texto de la carta/ }) as HTMLTextAreaElement;
    await user.clear(body);
    await user.type(body, 'Hola , le escribimos.');
    body.setSelectionRange(5, 5);
    await user.click(screen.getByRole('button', { name: 'Insertar Nombre y apellido' }));
    expect(body.value).toBe('Hola {{deudor.nombre}}, le escribimos.');

    const preview = await screen.findByTestId('vista-previa', undefined, { timeout: 3000 });
    await waitFor(() => expect(preview).toHaveTextContent('Hola NOMBRE DE EJEMPLO, le escribimos.'), {
      timeout: 3000,
    });
    // Debounced: typing 21 characters did not ask 21 times.
    expect(previews(requests).length).toBeLessThan(6);

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/letter-templates/list'));
    const post = requests.find((r) => r.method === 'post' && r.url === '/letter-templates');
    expect(bodyOf(post)).toEqual({
      name: 'Aviso',
      code: 'aviso',
      kind: 'OTRA',
      subject: null,
      body: 'Hola {{deudor.nombre}}, le escribimos.',
    });
  });

  it('an unknown field is flagged in the preview and refused on save, in Spanish', async () => {
    signInAs('ADMIN');
    const { requests } = api();
    renderApp('/letter-templates/add');
    await screen.findByRole('heading', { level: 1, name: 'Nuevo modelo de carta' }, { timeout: 3000 });
    const user = fastUser();
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Mal');
    await user.type(screen.getByRole('textbox', { name: 'Código' }), 'mal');
    const body = screen.getByRole('textbox', { name: /Texto de la carta/ });
    await user.clear(body);
    // user-event reads «{{» as a literal «{».
    await user.type(body, 'Hola {{{{deudor.apodo}}');
    expect(
      await screen.findByText(/Campo desconocido: \{\{deudor\.apodo\}\}/, undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('El campo {{deudor.apodo}} no existe: use uno de la lista de campos.'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'post' && r.url === '/letter-templates')).toBe(false);
  });
});

import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { stubScrollIntoView } from '../debts/fixtures';
import { bodyOf, mockApi } from '../http';
import { renderApp, signInAs } from '../render';
import { catalogs, STRATEGY } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([
    import('../../src/features/strategies/pages'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const summary = () => screen.getByRole('region', { name: 'Qué va a hacer' });
const input = (name: string, scope: HTMLElement = document.body) =>
  within(scope).getByLabelText(new RegExp(`^${name}`), { selector: 'input' });

/** Opens a Mantine select and picks an option of its own list (other selects share option names). */
async function pick(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, option: string) {
  await user.click(field);
  const list = await waitFor(() => {
    const id = field.getAttribute('aria-controls');
    const found = id ? document.getElementById(id) : null;
    if (!found) throw new Error(`no list for ${field.id}`);
    return found;
  });
  await user.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

describe('the strategy editor (issue 36)', { timeout: 40_000 }, () => {
  it('says the rule in words as conditions and actions change, and sends amounts as decimal strings', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) => {
      const catalog = catalogs(config);
      if (catalog) return catalog;
      if (config.url === '/strategies' && config.method === 'post')
        return {
          status: 400,
          data: {
            message: 'Datos inválidos',
            errors: { 'conditions.companyIds': ['La empresa N.º 9 no existe.'] },
          },
        };
      return { status: 404, data: { message: 'No encontrado' } };
    });
    const { user } = renderApp('/strategies/add');
    await screen.findByRole('heading', { level: 1, name: 'Nueva estrategia' });
    expect(
      within(summary()).getByText('Todos los días a las 8:00, deudas: no hacen nada todavía.'),
    ).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Nombre/ }), 'Pasar a judicial');
    await pick(user, input('Compañías'), 'Banco del Plata');
    await user.type(input('Días de mora desde'), '30');
    await user.type(input('Deuda desde'), '1.500,50');
    expect(
      within(summary()).getByText(
        'Todos los días a las 8:00, deudas de Banco del Plata con 30 días o más de mora y que deben $ 1.500,50 o más: no hacen nada todavía.',
      ),
    ).toBeInTheDocument();

    const add = screen.getByRole('group', { name: 'Agregar una acción' });
    await user.click(within(add).getByRole('button', { name: 'Cambiar de etapa' }));
    const stage = screen.getByRole('listitem', { name: '1. Cambiar de etapa' });
    await pick(user, input('Pasa a la etapa', stage), 'Judicial');
    await user.click(within(add).getByRole('button', { name: 'Crear una tarea' }));
    const task = screen.getByRole('listitem', { name: '2. Crear una tarea' });
    await user.type(input('Título de la tarea', task), 'Preparar demanda');
    expect(summary()).toHaveTextContent(
      /: pasan a judicial y se crea la tarea «Preparar demanda» para el mismo día a las 9:00 para su cobrador\.$/,
    );

    // The order is the actions' order: the task first now.
    await user.click(screen.getByRole('button', { name: 'Subir la acción 2' }));
    expect(summary()).toHaveTextContent(/: se crea la tarea «Preparar demanda» .* y pasan a judicial\.$/);
    expect(screen.getByRole('listitem', { name: '1. Crear una tarea' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/strategies' && r.method === 'post')).toBe(true),
    );
    const sent = bodyOf(requests.find((r) => r.url === '/strategies')) as {
      runAt: string;
      conditions: Record<string, unknown>;
      actions: unknown[];
    };
    expect(sent.runAt).toBe('08:00');
    expect(sent.conditions).toMatchObject({
      companyIds: [9],
      daysPastDueMin: 30,
      owedMin: '1500.50',
      owedMax: null,
    });
    expect(sent.actions).toEqual([
      { type: 'CREATE_TASK', title: 'Preparar demanda', description: null, inDays: 0, time: '09:00' },
      { type: 'CHANGE_STAGE', debtTypeId: 3 },
    ]);

    // The API's 400 lands under its field.
    const error = await screen.findByText('La empresa N.º 9 no existe.');
    const companies = input('Compañías');
    expect(companies).toHaveAttribute('aria-invalid', 'true');
    expect(companies.getAttribute('aria-describedby')).toContain(error.id);
  });

  it('asks for the hour of a daily run and for an action before sending anything', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) => catalogs(config) ?? { status: 404, data: { message: 'No' } });
    const { user } = renderApp('/strategies/add');
    await screen.findByRole('heading', { level: 1, name: 'Nueva estrategia' });
    await user.type(screen.getByRole('textbox', { name: /^Nombre/ }), 'Sin hora');
    await user.clear(screen.getByRole('textbox', { name: /^Hora/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Indique la hora (HH:MM) en que corre todos los días.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Agregue al menos una acción.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'post')).toBe(false);
  });

  it('edits a strategy: its conditions and actions in the fields, saved by PATCH, then its page', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) => {
      const catalog = catalogs(config);
      if (catalog) return catalog;
      if (config.url === '/strategies/5' && config.method === 'get') return { status: 200, data: STRATEGY };
      if (config.url === '/strategies/5' && config.method === 'patch')
        return { status: 200, data: { ...STRATEGY, name: 'Judicial a los 90' } };
      return { status: 200, data: { data: [], total: 0 } };
    });
    const { user, router } = renderApp('/strategies/edit/5');
    await screen.findByRole('heading', { level: 1, name: 'Editar estrategia' });
    await waitFor(() =>
      expect(summary()).toHaveTextContent(
        'Todos los días a las 9:00, deudas de Banco del Plata en extrajudicial con 90 días o más de mora: pasan a judicial.',
      ),
    );
    const name = screen.getByRole('textbox', { name: /^Nombre/ });
    await user.clear(name);
    await user.type(name, 'Judicial a los 90');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategies/view/5'));
    const patch = requests.find((r) => r.method === 'patch');
    expect(bodyOf(patch)).toMatchObject({
      name: 'Judicial a los 90',
      actions: [{ type: 'CHANGE_STAGE', debtTypeId: 3 }],
    });
  });
});

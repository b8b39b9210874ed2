import type { JudicialDayOff } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { fastUser, stubScrollIntoView } from '../debts/fixtures';
import { bodyOf, mockApi } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([
    import('../../src/features/jurisdictions/pages'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const stamp = { createdAt: '2026-01-02T12:00:00.000Z', updatedAt: '2026-01-02T12:00:00.000Z' };
const JURISDICTION = { id: 2, name: 'Ciudad de Buenos Aires', description: null, ...stamp };
const day = (id: number, fields: Partial<JudicialDayOff>): JudicialDayOff => ({
  id,
  jurisdictionId: null,
  jurisdictionName: null,
  kind: 'FERIADO',
  from: '2026-01-01',
  to: '2026-01-01',
  name: 'Año Nuevo',
  ...stamp,
  ...fields,
});
const DAYS = [
  day(1, {}),
  day(2, {
    kind: 'FERIA',
    jurisdictionId: 2,
    jurisdictionName: 'Ciudad de Buenos Aires',
    from: '2026-01-02',
    to: '2026-01-31',
    name: 'Feria de enero',
  }),
  day(3, {
    kind: 'INHABIL',
    jurisdictionId: 2,
    from: '2026-05-04',
    to: '2026-05-04',
    name: 'Asueto judicial',
  }),
];
const list = (data: unknown[]) => ({ status: 200, data: { data, total: data.length, page: 1, limit: 500 } });

function calendarApi() {
  return mockApi((config) => {
    if (config.url === '/jurisdictions/2') return { status: 200, data: JURISDICTION };
    if (config.url === '/judicial-days-off/holidays' && config.method === 'post') {
      const body = bodyOf(config) as { days?: unknown[] };
      return {
        status: 200,
        data: body.days ? { added: body.days.length, existing: 0 } : { added: 14, existing: 2 },
      };
    }
    if (config.url === '/judicial-days-off' && config.method === 'get')
      return list(config.params?.year === 2026 ? DAYS : []);
    return list([]);
  });
}

async function openCalendar(path = '/jurisdictions/2/calendar?year=2026') {
  const view = renderApp(path);
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Calendario judicial: Ciudad de Buenos Aires' },
    { timeout: 3000 },
  );
  return view;
}

describe('a jurisdiction’s calendar (issue 37)', { timeout: 30_000 }, () => {
  it('lists the year’s days off and loads the national holidays', async () => {
    signInAs('ADMIN');
    const { requests } = calendarApi();
    await openCalendar();
    const region = screen.getByRole('region', { name: 'Días inhábiles de 2026' });
    const feria = await within(region).findByRole('row', {
      name: 'Feria judicial Feria de enero, 02/01/2026 al 31/01/2026',
    });
    expect(feria).toHaveTextContent('Feria judicial');
    expect(
      within(region).getByRole('row', { name: 'Feriado nacional Año Nuevo, 01/01/2026' }),
    ).toBeInTheDocument();
    expect(
      within(region).getByRole('row', { name: 'Día inhábil Asueto judicial, 04/05/2026' }),
    ).toBeInTheDocument();
    expect(region).toHaveTextContent('1 feriados · 1 ferias · 1 días inhábiles');
    expect(requests.find((r) => r.url === '/judicial-days-off')?.params).toMatchObject({
      jurisdictionId: 2,
      year: 2026,
      sort: 'from',
      order: 'asc',
    });

    const user = fastUser();
    await user.click(within(region).getByRole('button', { name: 'Cargar feriados nacionales de 2026' }));
    expect(
      await within(region).findByText('Feriados nacionales de 2026: 14 agregados, 2 ya estaban.'),
    ).toBeInTheDocument();
    expect(bodyOf(requests.find((r) => r.url === '/judicial-days-off/holidays'))).toEqual({ year: 2026 });
  });

  it('«Pegar lista»: a bad line is said in Spanish and nothing is sent; a good list is', async () => {
    signInAs('ADMIN');
    const { requests } = calendarApi();
    await openCalendar();
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Pegar lista' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pegar los feriados de 2026' });
    const box = within(dialog).getByRole('textbox', { name: 'Feriados' });
    await user.type(box, '01/01/2026 Año Nuevo{enter}31/02/2026 Día imposible');
    await user.click(within(dialog).getByRole('button', { name: 'Cargar feriados' }));
    expect(
      await within(dialog).findByText('Línea 2: la fecha 31/02/2026 no existe (escríbala como dd/mm/aaaa).'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/judicial-days-off/holidays')).toBe(false);

    await user.clear(box);
    await user.type(box, '01/01/2026 Año Nuevo{enter}25/12/2026 Navidad');
    await user.click(within(dialog).getByRole('button', { name: 'Cargar feriados' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Pegar/ })).not.toBeInTheDocument());
    expect(bodyOf(requests.find((r) => r.url === '/judicial-days-off/holidays'))).toEqual({
      year: 2026,
      days: [
        { date: '2026-01-01', name: 'Año Nuevo' },
        { date: '2026-12-25', name: 'Navidad' },
      ],
    });
    const region = screen.getByRole('region', { name: 'Días inhábiles de 2026' });
    expect(
      await within(region).findByText('Feriados nacionales de 2026: 2 agregados, 0 ya estaban.'),
    ).toBeInTheDocument();
  });

  it('adds a recess after checking its range; GENERAL reads without changing anything', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) => {
      if (config.url === '/jurisdictions/2') return { status: 200, data: JURISDICTION };
      if (config.url === '/judicial-days-off' && config.method === 'post')
        return { status: 201, data: DAYS[1] };
      return list(config.url === '/judicial-days-off' ? DAYS : []);
    });
    const first = await openCalendar();
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Agregar feria' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar feria judicial' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Feria de invierno');
    await user.type(within(dialog).getByLabelText(/^Desde el/), '31/07/2026');
    await user.type(within(dialog).getByLabelText(/^Hasta el/), '20/07/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(dialog).findByText('El último día no puede ser anterior al primero.'),
    ).toBeInTheDocument();
    const to = within(dialog).getByLabelText(/^Hasta el/);
    await user.clear(to);
    await user.type(to, '07/08/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'post')).toBe(true));
    expect(bodyOf(requests.find((r) => r.method === 'post'))).toEqual({
      jurisdictionId: 2,
      kind: 'FERIA',
      name: 'Feria de invierno',
      from: '2026-07-31',
      to: '2026-08-07',
    });
    first.unmount();

    signInAs('GENERAL');
    calendarApi();
    await openCalendar();
    expect(await screen.findByRole('row', { name: /Feria de enero/ })).toBeInTheDocument();
    for (const name of [
      'Cargar feriados nacionales de 2026',
      'Pegar lista',
      'Agregar feria',
      /^Eliminar/,
      /^Editar/,
    ])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver jurisdicción' })).toHaveAttribute(
      'href',
      '/jurisdictions/edit/2',
    );
  });

  it('«Calcular un plazo» on this calendar', async () => {
    signInAs('GENERAL');
    const { requests } = mockApi((config) => {
      if (config.url === '/jurisdictions/2') return { status: 200, data: JURISDICTION };
      if (config.url === '/jurisdictions/2/deadline')
        return {
          status: 200,
          data: {
            deadlineOn: '2026-02-13',
            skipped: [{ date: '2026-01-02/2026-01-31', kind: 'FERIA', name: 'Feria de enero' }],
          },
        };
      return list([]);
    });
    await openCalendar();
    const box = screen.getByRole('region', { name: 'Calcular un plazo' });
    const user = fastUser();
    const from = within(box).getByLabelText('Notificado el');
    await user.clear(from);
    await user.type(from, '30/12/2025');
    await user.tab();
    await user.type(within(box).getByRole('textbox', { name: 'Días hábiles' }), '10');
    expect(await within(box).findByText('Vence el 13/02/2026')).toBeInTheDocument();
    expect(box).toHaveTextContent('del 02/01/2026 al 31/01/2026: Feria de enero (feria judicial)');
    expect(requests.find((r) => r.url === '/jurisdictions/2/deadline')?.params).toEqual({
      from: '2025-12-30',
      days: 10,
    });
  });
});

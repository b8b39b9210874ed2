import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { fastUser, stubScrollIntoView } from '../debts/fixtures';
import { mockApi } from '../http';
import { renderApp, signInAs } from '../render';
import { CASE, catalogs, inDays, list, shown } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/cases/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const OTHER = {
  ...CASE,
  id: 8,
  debtId: 13,
  caption: 'FRÁVEGA S.A. c/ GARCÍA, ANA s/ MONITORIO',
  number: '999/2025',
  kind: 'MONITORIO' as const,
  jurisdictionName: 'Provincia de Buenos Aires',
  court: 'Juzgado Civil N.º 2 de Quilmes',
  statusName: 'Sentencia',
  lawyerName: null,
  nextDeadlineOn: inDays(-1),
};
const LATER = {
  ...CASE,
  id: 9,
  caption: 'FRÁVEGA S.A. c/ LÓPEZ, LUIS s/ EJECUTIVO',
  nextDeadlineOn: inDays(30),
};

// Mantine selects are inputs, but not always textboxes.
const filter = (name: string) => screen.getByLabelText(name, { selector: 'input' });

function api() {
  return mockApi(
    (config) => catalogs(config) ?? (config.url === '/cases' ? list([CASE, OTHER, LATER]) : list([])),
  );
}

describe('«Expedientes» (issue 37)', { timeout: 30_000 }, () => {
  it('lists each case with its facts, flags near and past deadlines, filters and opens a case', async () => {
    signInAs('GENERAL');
    const { requests } = api();
    const { router } = renderApp('/cases/list');
    await screen.findByRole('heading', { level: 1, name: 'Expedientes' }, { timeout: 3000 });
    const head = (await screen.findAllByRole('rowgroup'))[0] as HTMLElement;
    for (const title of [
      'Carátula',
      'N.º de expediente',
      'Jurisdicción',
      'Juzgado',
      'Estado',
      'Abogado',
      'Próximo vencimiento',
    ])
      expect(within(head).getByText(title)).toBeInTheDocument();

    const row = await screen.findByRole('row', { name: `Abrir ${CASE.caption}` });
    for (const text of [
      '12345/2026',
      'Ciudad de Buenos Aires',
      'Juzgado Civil N.º 40',
      'Demanda presentada',
      'Gómez, Laura',
    ])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByText(`${shown(inDays(3))} (en 3 días)`)).toBeInTheDocument();
    const overdue = screen.getByRole('row', { name: `Abrir ${OTHER.caption}` });
    expect(within(overdue).getByText(`${shown(inDays(-1))} (vencido)`)).toBeInTheDocument();
    const later = screen.getByRole('row', { name: `Abrir ${LATER.caption}` });
    expect(within(later).getByText(shown(inDays(30)))).toBeInTheDocument();

    // The staff's filters; a case is opened from its debt, so no «Agregar».
    for (const name of ['Jurisdicción', 'Estado', 'Abogado', 'Empresa'])
      expect(filter(name)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Agregar' })).not.toBeInTheDocument();
    const user = fastUser();
    await user.click(filter('Abogado'));
    // Only the agency's own users are lawyers.
    expect(screen.queryByRole('option', { name: 'Cliente Frávega', hidden: true })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Gómez, Laura', hidden: true }));
    expect(router.state.location.search).toContain('lawyerId=4');
    await screen.findByRole('row', { name: `Abrir ${CASE.caption}` });
    expect(requests.filter((r) => r.url === '/cases').at(-1)?.params).toMatchObject({ lawyerId: '4' });

    await user.click(screen.getByRole('row', { name: `Abrir ${CASE.caption}` }));
    expect(router.state.location.pathname).toBe('/cases/7');
  });

  it('a CLIENTE sees its company’s cases, without the staff’s filters or its catalogs', async () => {
    signInAs('CLIENTE');
    const { requests } = api();
    renderApp('/cases/list');
    expect(await screen.findByRole('row', { name: `Abrir ${CASE.caption}` })).toBeInTheDocument();
    expect(screen.queryByLabelText('Jurisdicción', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Abogado', { selector: 'input' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.url === '/users' || r.url === '/jurisdictions')).toBe(false);
  });
});

import { addDays, agencyToday, type Debt } from '@cobranzas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prescriptionExplanation } from '../../src/features/debts/common/prescription';
import { formatDate } from '../../src/lib/format';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { setViewportWidth } from '../browser';
import { renderApp, signInAs } from '../render';
import { debt, debtApi, fastUser, list, stubScrollIntoView } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
  setViewportWidth(1366);
});

const soon = addDays(agencyToday(), 10);

/** A judicial debt with its case, and one that prescribes in 10 days. */
const JUDICIAL: Debt = {
  ...debt,
  id: 40,
  debtTypeId: 3,
  debtTypeName: 'Judicial',
  judicialCase: {
    id: 7,
    jurisdictionName: 'CABA',
    court: 'Juzgado Nacional en lo Comercial N.º 5',
    number: 'COM 1234/2025',
    nextDeadlineOn: '2099-06-15',
  },
};
const NEAR: Debt = { ...debt, id: 41, prescribesOn: soon };

/** GET /debts answers `debts`; every request is recorded. */
function listApi(debts: Debt[]) {
  return debtApi((config) => {
    if (config.method === 'get' && config.url === '/debts') return list(debts);
    if (config.method === 'get' && config.url === '/debts/summary')
      return { status: 200, data: { debts: debts.length, byCurrency: [] } };
    return undefined;
  });
}

const listCalls = (requests: { url?: string | undefined; params?: unknown }[]) =>
  requests.filter((r) => r.url === '/debts');

describe('«Prescribe» in the debt lists (issue 37)', { timeout: 30_000 }, () => {
  it('the filter «Prescribe en los próximos N días» asks prescribesWithinDays and keeps it in the URL', async () => {
    signInAs('ADMIN');
    const { requests } = listApi([NEAR]);
    const { router } = renderApp('/debts/search');
    const form = await screen.findByRole('form', { name: 'Filtros de deudas' }, { timeout: 5000 });
    const days = within(form).getByRole('textbox', { name: 'Prescribe en los próximos N días' });
    const user = fastUser();
    await user.type(days, '30');
    await user.click(within(form).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?prescribesWithinDays=30'));
    await waitFor(() =>
      expect(listCalls(requests).at(-1)?.params).toMatchObject({ prescribesWithinDays: '30' }),
    );
    // The column: the date, marked when near.
    const row = await screen.findByRole('row', { name: /Abrir deuda N\.º 41/ });
    expect(within(row).getByText(formatDate(soon))).toHaveAttribute('data-tone', 'orange');
  });

  it('a link with the filter (the dashboard’s card) fills the field; a number out of range is refused', async () => {
    signInAs('ADMIN');
    const { requests } = listApi([]);
    const { router } = renderApp('/debts/search?prescribesWithinDays=60');
    const form = await screen.findByRole('form', { name: 'Filtros de deudas' }, { timeout: 5000 });
    const days = within(form).getByRole('textbox', { name: 'Prescribe en los próximos N días' });
    expect(days).toHaveValue('60');
    await waitFor(() => expect(listCalls(requests)[0]?.params).toMatchObject({ prescribesWithinDays: '60' }));
    const user = fastUser();
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(form).getByRole('button', { name: 'Buscar' }));
    expect(await within(form).findByText('Un número entero de días, de 1 a 3.650.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?prescribesWithinDays=60');
  });

  it('the judicial list shows the case: jurisdiction, juzgado, number (to the case) and next deadline', async () => {
    signInAs('ADMIN');
    listApi([JUDICIAL]);
    const { router } = renderApp('/debts/type/3');
    const row = await screen.findByRole('row', { name: /Abrir deuda N\.º 40/ }, { timeout: 5000 });
    for (const title of ['Juzgado', 'Expediente', 'Vence'])
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    // Jurisdiction and prescription only on a wide screen (the court already names the place).
    expect(screen.queryByRole('columnheader', { name: 'Jurisdicción' })).not.toBeInTheDocument();
    expect(document.querySelector('th[data-accessor="prescribesOn"]')).toBeNull();
    expect(within(row).getByText('Juzgado Nacional en lo Comercial N.º 5')).toBeInTheDocument();
    expect(within(row).getByText('15/06/2099')).toBeInTheDocument();
    const link = within(row).getByRole('link', { name: 'Expediente COM 1234/2025 (Pérez, Juan)' });
    expect(link).toHaveAttribute('href', '/cases/7');
    // The link opens the case alone: a Ctrl+click (a new tab) does not open the debt the row opens.
    const user = fastUser();
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/debts/type/3');
  });

  it('the other lists do not have the case columns', async () => {
    signInAs('ADMIN');
    listApi([NEAR]);
    renderApp('/debts/type/1');
    await screen.findByRole('row', { name: /Abrir deuda N\.º 41/ }, { timeout: 5000 });
    // Sortable: its header is a button named by its title.
    expect(screen.getByRole('button', { name: /^Prescribe/ })).toHaveAttribute(
      'data-accessor',
      'prescribesOn',
    );
    expect(screen.queryByRole('columnheader', { name: 'Jurisdicción' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Expediente' })).not.toBeInTheDocument();
  });
});

describe('why a debt prescribes when it does, in words (issue 37)', () => {
  const base = {
    prescribesOn: '2030-03-01',
    years: 5,
    runsFrom: '2025-03-01',
    interruption: null,
    suspended: null,
    casePendingSince: null,
  };
  it('says where the term runs from: the default date, the origin or the interruption', () => {
    expect(prescriptionExplanation(base, { defaultDate: '2025-03-01' })).toBe(
      'Plazo de 5 años desde la mora del 01/03/2025',
    );
    expect(prescriptionExplanation(base, { defaultDate: null })).toBe(
      'Plazo de 5 años desde el origen de la deuda del 01/03/2025',
    );
    const acknowledged = {
      ...base,
      years: 1,
      runsFrom: '2025-06-02',
      interruption: { on: '2025-06-02', kind: 'RECONOCIMIENTO' as const },
    };
    expect(prescriptionExplanation(acknowledged, { defaultDate: '2025-03-01' })).toBe(
      'Plazo de 1 año desde el reconocimiento de la deuda del 02/06/2025',
    );
    const ended = { ...base, interruption: { on: '2026-01-20', kind: 'FIN_DEL_JUICIO' as const } };
    expect(prescriptionExplanation(ended, { defaultDate: '2025-03-01' })).toBe(
      'Plazo de 5 años desde el fin del juicio del 20/01/2026',
    );
  });

  it('adds the suspension of a carta documento; a pending case or no date say why there is none', () => {
    const suspended = { ...base, suspended: { from: '2025-09-30', to: '2026-03-30' } };
    expect(prescriptionExplanation(suspended, { defaultDate: '2025-03-01' })).toBe(
      'Plazo de 5 años desde la mora del 01/03/2025; suspendido 6 meses por la carta documento entregada el 30/09/2025',
    );
    const pending = {
      ...base,
      prescribesOn: null,
      interruption: { on: '2025-05-05', kind: 'DEMANDA' as const },
      casePendingSince: '2025-05-05',
    };
    expect(prescriptionExplanation(pending, { defaultDate: '2025-03-01' })).toBe(
      'Interrumpida: demanda presentada el 05/05/2025 (juicio en trámite)',
    );
    expect(
      prescriptionExplanation({ ...base, prescribesOn: null, runsFrom: null }, { defaultDate: null }),
    ).toBe('Sin fecha de mora: no se puede calcular');
  });
});

import type { Debt } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { debt, debtApi, fastUser, stubScrollIntoView } from '../debts/fixtures';
import { bodyOf } from '../http';
import { renderApp, signInAs } from '../render';
import { CASE, catalogs, inDays } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const JUDICIAL: Debt = {
  ...debt,
  debtTypeId: 3,
  debtTypeName: 'Judicial',
  court: 'Juzgado Civil N.º 40',
  caseNumber: '12345/2026',
};

async function openDebt(path: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Detalle de deuda' }, { timeout: 5000 });
  await screen.findByRole('tablist', { name: 'Secciones de la deuda' }, { timeout: 5000 });
  return view;
}

const caption = () => screen.getByRole('textbox', { name: /^Carátula/ });

async function chooseKind(user: ReturnType<typeof fastUser>, kind: string) {
  await user.click(screen.getByLabelText(/^Tipo de proceso/, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: kind, hidden: true }));
}

describe('«Expediente» on the debt’s page (issue 37)', { timeout: 30_000 }, () => {
  it('opens the case of a judicial debt: the carátula drafted (and again with the kind until edited)', async () => {
    signInAs('GENERAL');
    const state = { debt: JUDICIAL };
    const { requests } = debtApi((config) => {
      const known = catalogs(config);
      if (known) return known;
      if (config.url === '/cases' && config.method === 'post') {
        state.debt = {
          ...JUDICIAL,
          judicialCase: {
            id: 7,
            jurisdictionName: 'Ciudad de Buenos Aires',
            court: 'Juzgado Civil N.º 40',
            number: '12345/2026',
            nextDeadlineOn: inDays(3),
          },
        };
        return { status: 201, data: CASE };
      }
      if (config.url === '/cases/7' && config.method === 'get') return { status: 200, data: CASE };
      return undefined;
    }, state);
    await openDebt('/debts/view/12?tab=expediente');
    const form = await screen.findByRole('form', { name: 'Abrir expediente' });
    expect(caption()).toHaveValue('FRÁVEGA S.A. c/ PÉREZ, JUAN s/ EJECUTIVO');
    expect(within(form).getByRole('textbox', { name: 'Juzgado' })).toHaveValue('Juzgado Civil N.º 40');
    expect(within(form).getByRole('textbox', { name: 'N.º de expediente' })).toHaveValue('12345/2026');

    const user = fastUser();
    await chooseKind(user, 'Monitorio');
    expect(caption()).toHaveValue('FRÁVEGA S.A. c/ PÉREZ, JUAN s/ MONITORIO');
    await chooseKind(user, 'Otro');
    expect(caption()).toHaveValue('FRÁVEGA S.A. c/ PÉREZ, JUAN s/ COBRO DE PESOS');
    // Once someone edits it, it stays as they wrote it.
    await user.type(caption(), ' Y DAÑOS');
    await chooseKind(user, 'Ordinario');
    expect(caption()).toHaveValue('FRÁVEGA S.A. c/ PÉREZ, JUAN s/ COBRO DE PESOS Y DAÑOS');

    await user.click(screen.getByLabelText(/^Jurisdicción/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Ciudad de Buenos Aires', hidden: true }));
    await user.click(within(form).getByRole('button', { name: 'Abrir expediente' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/cases' && r.method === 'post')).toBe(true));
    expect(bodyOf(requests.find((r) => r.url === '/cases' && r.method === 'post'))).toMatchObject({
      debtId: 12,
      kind: 'ORDINARIO',
      caption: 'FRÁVEGA S.A. c/ PÉREZ, JUAN s/ COBRO DE PESOS Y DAÑOS',
      jurisdictionId: 2,
      court: 'Juzgado Civil N.º 40',
      number: '12345/2026',
    });
    // The debt reloads with its case: the tab now shows it and leads to its page.
    expect(await screen.findByRole('link', { name: 'Ver expediente' })).toHaveAttribute('href', '/cases/7');
    expect(await screen.findByText(CASE.caption)).toBeInTheDocument();
  });

  it('a CLIENTE reads; a debt not in the judicial stage has no «Expediente» tab', async () => {
    signInAs('CLIENTE');
    debtApi(undefined, { debt: JUDICIAL });
    const first = await openDebt('/debts/view/12?tab=expediente');
    expect(await screen.findByText('Todavía no se abrió el expediente de esta deuda.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Abrir expediente' })).not.toBeInTheDocument();
    first.unmount();

    signInAs('GENERAL');
    debtApi();
    await openDebt('/debts/view/12');
    expect(screen.queryByRole('tab', { name: 'Expediente' })).not.toBeInTheDocument();
  });

  it('after a change to the judicial stage, goes to «Expediente» to open the case', async () => {
    signInAs('GENERAL');
    const state = { debt };
    debtApi((config) => {
      const known = catalogs(config);
      if (known) return known;
      if (config.url === '/debts/12/stage' && config.method === 'patch') {
        state.debt = { ...JUDICIAL, court: null, caseNumber: null };
        return { status: 200, data: state.debt };
      }
      return undefined;
    }, state);
    const { router } = await openDebt('/debts/view/12');
    const user = fastUser();
    await user.click(screen.getByRole('button', { name: 'Cambiar etapa' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pasar a judicial', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Pasar a judicial' });
    await user.click(within(dialog).getByRole('button', { name: 'Pasar a judicial' }));
    await waitFor(() => expect(router.state.location.search).toContain('tab=expediente'));
    expect(await screen.findByRole('tab', { name: 'Expediente', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Abrir expediente' })).toBeInTheDocument();
    expect(screen.getByText(/Ahora puede abrir su expediente\./)).toBeInTheDocument();
  });
});

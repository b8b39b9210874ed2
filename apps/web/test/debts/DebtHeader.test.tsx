import { addDays, agencyToday, type DebtPrescription } from '@cobranzas/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/lib/format';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { renderApp, signInAs } from '../render';
import { debt, debtApi, fastUser, stubScrollIntoView } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

/** The requests of the last header rendered. */
let requests: { url?: string | undefined }[] = [];

/** The header of debt 12 with `overrides`; GET /debts/12/prescription answers `prescription` if given. */
async function header(overrides: Partial<typeof debt>, prescription?: DebtPrescription) {
  signInAs('ADMIN');
  const api = debtApi(
    (config) =>
      prescription && config.url === '/debts/12/prescription'
        ? { status: 200, data: prescription }
        : undefined,
    { debt: { ...debt, ...overrides } },
  );
  requests = api.requests;
  renderApp('/debts/view/12');
  await screen.findByText('Pérez, Juan', undefined, { timeout: 3000 });
  return screen.getByRole('region', { name: 'Resumen de la deuda' });
}

describe('debt header: court and case number', { timeout: 30_000 }, () => {
  it('still shows them after the debt left Judicial (issue 15)', async () => {
    const region = await header({
      debtTypeId: 2,
      debtTypeName: 'Extrajudicial',
      court: 'Juzgado Civil 4',
      caseNumber: 'EXP-99/2025',
    });
    expect(within(region).getByText('Juzgado')).toBeInTheDocument();
    expect(within(region).getByText('Juzgado Civil 4')).toBeInTheDocument();
    expect(within(region).getByText('Expediente')).toBeInTheDocument();
    expect(within(region).getByText('EXP-99/2025')).toBeInTheDocument();
  });

  it('shows them in Judicial too, and leaves them out when there are none', async () => {
    const judicial = await header({
      debtTypeId: 3,
      debtTypeName: 'Judicial',
      court: null,
      caseNumber: 'EXP-1',
    });
    expect(within(judicial).queryByText('Juzgado')).not.toBeInTheDocument();
    expect(within(judicial).getByText('EXP-1')).toBeInTheDocument();
  });

  it('a debt that never had a case shows neither', async () => {
    const region = await header({});
    expect(within(region).queryByText('Juzgado')).not.toBeInTheDocument();
    expect(within(region).queryByText('Expediente')).not.toBeInTheDocument();
  });
});

const at = (days: number) => addDays(agencyToday(), days);
const prescribes = (region: HTMLElement) => {
  const term = within(region).getByText('Prescribe');
  return term.nextElementSibling as HTMLElement;
};

describe('debt header: when the claim prescribes (issue 37)', { timeout: 30_000 }, () => {
  it('shows the date, orange and in words within 60 days, and why on hover', async () => {
    const on = at(20);
    const prescription: DebtPrescription = {
      prescribesOn: on,
      years: 5,
      runsFrom: '2024-03-10',
      interruption: { on: '2024-03-10', kind: 'PAGO' },
      suspended: { from: '2025-02-01', to: '2025-08-01' },
      casePendingSince: null,
    };
    const region = await header({ prescribesOn: on }, prescription);
    const button = within(prescribes(region)).getByRole('button');
    expect(button).toHaveTextContent(`${formatDate(on)} (en 20 días)`);
    expect(button).toHaveAttribute('data-tone', 'orange');
    await userEvent.setup().hover(button);
    expect(
      await screen.findByText(
        'Plazo de 5 años desde el último pago del 10/03/2024; suspendido 6 meses por la carta documento entregada el 01/02/2025',
      ),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/debts/12/prescription')).toBe(true);
  });

  it('a date already gone is red and says so; a tap (click) opens why', async () => {
    const on = at(-3);
    const prescription: DebtPrescription = {
      prescribesOn: on,
      years: 2,
      runsFrom: '2025-03-01',
      interruption: null,
      suspended: null,
      casePendingSince: null,
    };
    const region = await header({ prescribesOn: on, defaultDate: '2025-03-01' }, prescription);
    const button = within(prescribes(region)).getByRole('button');
    expect(button).toHaveTextContent(`${formatDate(on)} (prescripta)`);
    expect(button).toHaveAttribute('data-tone', 'red');
    await fastUser().click(button);
    expect(await screen.findByText('Plazo de 2 años desde la mora del 01/03/2025')).toBeInTheDocument();
  });

  it('a closed debt shows its date without alarm', async () => {
    const on = at(-3);
    const region = await header({ prescribesOn: on, status: 'CANCELADA', balance: '0.00' });
    const button = within(prescribes(region)).getByRole('button');
    expect(button).toHaveTextContent(formatDate(on));
    expect(button).not.toHaveTextContent('prescripta');
    expect(button).not.toHaveAttribute('data-tone');
  });

  it('a pending case holds it: no date, and the filing as the reason', async () => {
    const prescription: DebtPrescription = {
      prescribesOn: null,
      years: 5,
      runsFrom: '2025-05-05',
      interruption: { on: '2025-05-05', kind: 'DEMANDA' },
      suspended: null,
      casePendingSince: '2025-05-05',
    };
    const region = await header({ debtTypeId: 3, debtTypeName: 'Judicial' }, prescription);
    const button = await within(prescribes(region)).findByRole('button', {
      name: /No corre: juicio en trámite/,
    });
    await fastUser().click(button);
    expect(
      await screen.findByText('Interrumpida: demanda presentada el 05/05/2025 (juicio en trámite)'),
    ).toBeInTheDocument();
  });

  it('without a default date there is nothing to count from', async () => {
    const prescription: DebtPrescription = {
      prescribesOn: null,
      years: 5,
      runsFrom: null,
      interruption: null,
      suspended: null,
      casePendingSince: null,
    };
    const region = await header({ defaultDate: null }, prescription);
    const button = await within(prescribes(region)).findByRole('button', { name: /Sin fecha de mora/ });
    await fastUser().click(button);
    expect(await screen.findByText('Sin fecha de mora: no se puede calcular')).toBeInTheDocument();
  });
});

describe('debt header: the court case (issue 37)', { timeout: 30_000 }, () => {
  it('shows its jurisdiction, juzgado, number (a link to the case) and next deadline, once', async () => {
    const region = await header({
      debtTypeId: 3,
      debtTypeName: 'Judicial',
      court: 'Juzgado viejo',
      caseNumber: 'EXP-1',
      judicialCase: {
        id: 7,
        jurisdictionName: 'CABA',
        court: 'Juzgado Nacional en lo Comercial N.º 5',
        number: 'COM 1234/2025',
        nextDeadlineOn: '2099-06-15',
      },
    });
    expect(within(region).getByText('Jurisdicción').nextElementSibling).toHaveTextContent('CABA');
    expect(within(region).getByText('Juzgado').nextElementSibling).toHaveTextContent(
      'Juzgado Nacional en lo Comercial N.º 5',
    );
    expect(within(region).getAllByText('Juzgado')).toHaveLength(1);
    expect(within(region).queryByText('Juzgado viejo')).not.toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'COM 1234/2025' })).toHaveAttribute('href', '/cases/7');
    expect(within(region).queryByText('EXP-1')).not.toBeInTheDocument();
    expect(within(region).getByText('Próximo vencimiento').nextElementSibling).toHaveTextContent(
      '15/06/2099',
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { renderApp, signInAs } from '../render';
import { debt, debtApi, fastUser, list, stubScrollIntoView } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  vi.restoreAllMocks();
  setNavigator(null);
  session.start();
});

const at = '2026-01-01T00:00:00Z';
const template = (id: number, code: string, name: string, kind: string) => ({
  id,
  code,
  name,
  kind,
  subject: name,
  body: 'Hola {{deudor.nombre}}',
  createdAt: at,
  updatedAt: at,
});
const TEMPLATES = [
  template(1, 'intimacion', 'Intimación de pago', 'INTIMACION'),
  template(3, 'libre-deuda', 'Libre deuda', 'LIBRE_DEUDA'),
];

async function openFile(
  overrides: Partial<typeof debt> = {},
  role: 'ADMIN' | 'GENERAL' | 'CLIENTE' = 'ADMIN',
) {
  signInAs(role);
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const api = debtApi(
    (config) => {
      if (config.url === '/letter-templates') return list(TEMPLATES);
      if (config.url === '/agency') return { status: 200, data: { name: 'Cobros del Centro' } };
      if (config.url?.startsWith('/debts/12/letters/')) return { status: 200, data: new Blob(['%PDF']) };
      return undefined;
    },
    { debt: { ...debt, ...overrides } },
  );
  renderApp('/debts/view/12');
  const region = await screen.findByRole('region', { name: 'Resumen de la deuda' }, { timeout: 5000 });
  return { ...api, click, region };
}

describe('«Cartas» on the debt file (DESIGN.md §10.5)', { timeout: 30_000 }, () => {
  it('lists the templates; choosing one downloads its PDF; the libre deuda is disabled with the balance', async () => {
    const { requests, click } = await openFile();
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Cartas' }));
    const free = await screen.findByRole('menuitem', { name: /Libre deuda/, hidden: true });
    await waitFor(() => expect(free).toHaveTextContent('La deuda tiene saldo'));
    expect(free).toBeDisabled();
    expect(free).toHaveTextContent('La deuda tiene saldo de $ 1.500,00 al 15/01/2026.');
    await user.click(screen.getByRole('menuitem', { name: 'Intimación de pago', hidden: true }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const asked = requests.find((r) => r.url === '/debts/12/letters/intimacion');
    expect(asked?.responseType).toBe('blob');
  });

  it('with the balance at zero the libre deuda is offered', async () => {
    await openFile({ balance: '0.00', paidAmount: '1500.00' });
    await fastUser().click(await screen.findByRole('button', { name: 'Cartas' }));
    // Disabled while the balance loads, then offered.
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Libre deuda', hidden: true })).toBeEnabled(),
    );
  });

  it('a CLIENTE has no «Cartas»', async () => {
    await openFile({}, 'CLIENTE');
    expect(screen.queryByRole('button', { name: 'Cartas' })).not.toBeInTheDocument();
  });
});

describe('WhatsApp beside the debtor’s mobile phones', { timeout: 30_000 }, () => {
  it('a mobile gets a wa.me link in a new tab with the greeting; a landline none', async () => {
    const { region } = await openFile({
      debtor: { ...debt.debtor, phone: '011 15-2345-6789', altPhone: '4555-1234' },
    });
    const link = await within(region).findByRole('link', {
      name: 'Escribir por WhatsApp a Pérez, Juan (011 15-2345-6789)',
    });
    await waitFor(() =>
      expect(link).toHaveAttribute(
        'href',
        `https://wa.me/5491123456789?text=${encodeURIComponent(
          'Hola Juan, le escribimos de Cobros del Centro por su cuenta con Frávega S.A. ¿Podemos hablar?',
        )}`,
      ),
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(region).getAllByRole('link', { name: /WhatsApp/ })).toHaveLength(1);
  });

  it('a CLIENTE sees the phone without the link', async () => {
    const { region } = await openFile({ debtor: { ...debt.debtor, phone: '011 15-2345-6789' } }, 'CLIENTE');
    expect(within(region).getByText(/011 15-2345-6789/)).toBeInTheDocument();
    expect(within(region).queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  });
});

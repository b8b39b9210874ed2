import type { PortalLink } from '@cobranzas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { debt, debtApi, fastUser, list } from '../debts/fixtures';
import { bodyOf } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  await Promise.all([
    import('../../src/features/debtors/file/DebtorFilePage'),
    import('../../src/features/debts/view/DebtViewPage'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const LINK: PortalLink = {
  id: 4,
  debtorId: 3,
  status: 'VIGENTE',
  expiresAt: '2026-12-29T12:00:00.000Z',
  createdAt: '2026-11-29T12:00:00.000Z',
  createdByName: 'Valeria Sosa',
  revokedAt: null,
  revokedByName: null,
  lastUsedAt: null,
};
const MADE = {
  id: 5,
  url: 'https://pagos.agencia.test/pagar#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
  code: 'ABCDE-FGHJK',
  expiresAt: '2027-01-08T12:00:00.000Z',
};

describe('the debtor portal, staff side (issue 34)', { timeout: 30_000 }, () => {
  it('the debtor’s file lists the links; a new one is shown once, to copy or send by WhatsApp; revoking asks first', async () => {
    signInAs('GENERAL');
    let links: PortalLink[] = [LINK];
    const { requests } = debtApi((config) => {
      if (config.url === '/debtors/3/history')
        return { status: 200, data: { debts: [], data: [], truncated: false } };
      if (config.url === '/debts' && config.params?.debtorId === 3) return list([debt]);
      if (config.url === '/debtors/3/portal-links') return { status: 200, data: { data: links } };
      if (config.url === '/debtors/3/portal-link' && config.method === 'post')
        return { status: 201, data: MADE };
      if (config.url === '/debtors/3/portal-links/4/revoke' && config.method === 'post') {
        links = [
          { ...LINK, status: 'REVOCADO', revokedAt: '2026-11-29T13:00:00.000Z', revokedByName: 'Ana Pérez' },
        ];
        return { status: 200, data: links[0] };
      }
      return undefined;
    });
    renderApp('/debtors/view/3');
    const user = fastUser();
    expect(
      await screen.findByRole('heading', { name: /Portal del deudor/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(/Creado el .* por Valeria Sosa · vence el .* · nunca usado/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Crear enlace' }));
    const form = await screen.findByRole('dialog', { name: 'Crear enlace al portal' });
    const days = within(form).getByRole('textbox', { name: /Días de vigencia/ });
    expect(days).toHaveValue('30');
    await user.clear(days);
    await user.type(days, '91');
    await user.click(within(form).getByRole('button', { name: 'Crear enlace' }));
    expect(await within(form).findByText('El enlace puede durar hasta 90 días.')).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '40');
    await user.click(within(form).getByRole('button', { name: 'Crear enlace' }));

    const created = await screen.findByRole('dialog', { name: 'Enlace creado' });
    expect(bodyOf(requests.find((r) => r.url === '/debtors/3/portal-link'))).toEqual({ days: 40 });
    expect(within(created).getByRole('textbox', { name: 'Enlace personal' })).toHaveValue(MADE.url);
    expect(within(created).getByRole('textbox', { name: 'Código para cartas y teléfono' })).toHaveValue(
      'ABCDE-FGHJK',
    );
    const whatsapp = within(created).getByRole('link', { name: 'Enviar por WhatsApp' });
    const href = whatsapp.getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/5491155551234?text=')).toBe(true);
    expect(decodeURIComponent(href.split('text=')[1] ?? '')).toContain(
      `Hola Juan: puede consultar su deuda y pagarla en ${MADE.url}`,
    );
    expect(within(created).getByRole('link', { name: 'Enviar por correo' }).getAttribute('href')).toMatch(
      /^mailto:juan@correo\.example\?subject=/,
    );
    await user.click(within(created).getByRole('button', { name: 'Listo' }));

    await user.click(await screen.findByRole('button', { name: 'Revocar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revocar el enlace' });
    expect(requests.some((r) => r.url?.endsWith('/revoke'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Revocar' }));
    expect(await screen.findByText(/revocado el .* por Ana Pérez/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revocar' })).toBeNull());
  });

  it('the debt shows what the debtor asked in the portal; resolving a dispute asks how and reloads', async () => {
    signInAs('GENERAL');
    let resolved = false;
    const dispute = {
      id: 8,
      debtId: 12,
      kind: 'DISPUTE',
      status: 'ABIERTO',
      text: 'Nunca tuve cuenta con esa empresa.',
      callAt: null,
      phone: null,
      documentId: null,
      createdAt: '2026-11-28T15:00:00.000Z',
      resolvedAt: null,
      resolvedByName: null,
      resolution: null,
    };
    const { requests } = debtApi((config) => {
      if (config.url === '/debts/12/portal-requests')
        return {
          status: 200,
          data: {
            data: [
              resolved
                ? {
                    ...dispute,
                    status: 'RESUELTO',
                    resolvedAt: '2026-11-29T15:00:00.000Z',
                    resolvedByName: 'Ana Pérez',
                    resolution: 'Se verificó el contrato firmado.',
                  }
                : dispute,
            ],
          },
        };
      if (config.url === '/debts/12/portal-requests/8/resolve') {
        resolved = true;
        return { status: 200, data: dispute };
      }
      return undefined;
    });
    renderApp('/debts/view/12');
    const user = fastUser();
    const section = (
      await screen.findByRole('heading', { name: /Pedidos desde el portal/ }, { timeout: 5000 })
    ).parentElement?.parentElement as HTMLElement;
    expect(section).toHaveTextContent('Desconocimiento de deuda');
    expect(section).toHaveTextContent('«Nunca tuve cuenta con esa empresa.»');
    await user.click(within(section).getByRole('button', { name: 'Resolver' }));
    const form = await screen.findByRole('dialog', { name: 'Resolver: desconocimiento de deuda' });
    await user.type(
      within(form).getByRole('textbox', { name: /Cómo se resolvió/ }),
      'Se verificó el contrato firmado.',
    );
    await user.click(within(form).getByRole('button', { name: 'Marcar como resuelto' }));
    await waitFor(() => expect(section).toHaveTextContent('Resuelto el'));
    expect(section).toHaveTextContent('por Ana Pérez: Se verificó el contrato firmado.');
    expect(bodyOf(requests.find((r) => r.url?.endsWith('/resolve')))).toEqual({
      resolution: 'Se verificó el contrato firmado.',
    });
  });
});

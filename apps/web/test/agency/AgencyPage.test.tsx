import { MESSAGES } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { bodyOf, mockApi } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  await Promise.all([import('../../src/features/agency/pages'), import('../../src/app/layout/AppLayout')]);
}, 30_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const agency = {
  name: 'Estudio Cobranzas del Sur',
  cuit: '30712345671',
  address: 'Av. Colón 1234',
  city: 'Córdoba',
  phone: null,
  email: null,
  vatStatus: 'RESPONSABLE_INSCRIPTO',
  cbu: null,
  cbuAlias: null,
  hasLogo: false,
  contactDays: [1, 2, 3, 4, 5],
  contactFrom: '08:00',
  contactTo: '20:00',
  updatedAt: '2026-11-25T12:00:00.000Z',
};
const box = (name: string) => screen.getByRole('textbox', { name });
const title = () =>
  screen.findByRole('heading', { level: 1, name: 'Datos de la agencia' }, { timeout: 3000 });

describe('Datos de la agencia (issue 17)', () => {
  it('an ADMIN edits the data: a wrong CUIT check digit is refused in Spanish before sending; then saved as digits', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) =>
      config.method === 'put'
        ? {
            status: 200,
            data: { ...agency, ...(bodyOf(config) as object), updatedAt: '2026-11-25T13:00:00.000Z' },
          }
        : { status: 200, data: agency },
    );
    const { user } = renderApp('/agency');
    await title();
    await waitFor(() => expect(box('Nombre o razón social')).toHaveValue('Estudio Cobranzas del Sur'));
    expect(box('CUIT')).toHaveValue('30-71234567-1');
    await user.clear(box('CUIT'));
    await user.type(box('CUIT'), '30712345672');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MESSAGES.invalidCuit)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'put')).toHaveLength(0);
    await user.clear(box('CUIT'));
    await user.type(box('CUIT'), '30712345671');
    await user.type(box('Teléfono'), '0351 422-1234');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Se guardaron los datos de la agencia.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'put');
    expect(put?.url).toBe('/agency');
    expect(bodyOf(put)).toEqual({
      name: 'Estudio Cobranzas del Sur',
      cuit: '30712345671',
      address: 'Av. Colón 1234',
      city: 'Córdoba',
      phone: '0351 422-1234',
      email: null,
      vatStatus: 'RESPONSABLE_INSCRIPTO',
      cbu: null,
      cbuAlias: null,
      contactDays: [1, 2, 3, 4, 5],
      contactFrom: '08:00',
      contactTo: '20:00',
    });
  });

  it('without a CUIT the page says so before saving: «Falta el CUIT de la agencia» (issue 32)', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi(() => ({ status: 200, data: { ...agency, cuit: null } }));
    renderApp('/agency');
    await title();
    expect(await screen.findByText('Falta el CUIT de la agencia')).toBeInTheDocument();
    expect(
      screen.getByText('Complete el CUIT: sin él estos datos no se pueden guardar.'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'put')).toHaveLength(0);
  });

  it('with its CUIT the warning is not there', async () => {
    signInAs('ADMIN');
    mockApi(() => ({ status: 200, data: agency }));
    renderApp('/agency');
    await title();
    await waitFor(() => expect(box('CUIT')).toHaveValue('30-71234567-1'));
    expect(screen.queryByText('Falta el CUIT de la agencia')).not.toBeInTheDocument();
  });

  it('«Horario de contacto»: days as checkboxes Lun…Dom and the hours; an end before the start is refused', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) =>
      config.method === 'put'
        ? {
            status: 200,
            data: { ...agency, ...(bodyOf(config) as object), updatedAt: '2026-11-25T13:00:00.000Z' },
          }
        : { status: 200, data: agency },
    );
    const { user } = renderApp('/agency');
    await title();
    const saturday = await screen.findByRole('checkbox', { name: 'sábado' });
    expect(screen.getByRole('checkbox', { name: 'lunes' })).toBeChecked();
    expect(saturday).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'domingo' })).not.toBeChecked();
    await user.click(saturday);
    await user.click(screen.getByRole('checkbox', { name: 'viernes' }));
    await user.clear(box('Hasta'));
    await user.type(box('Hasta'), '07:00');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MESSAGES.contactHoursOrder)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'put')).toHaveLength(0);
    await user.clear(box('Hasta'));
    await user.type(box('Hasta'), '13:00');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Se guardaron los datos de la agencia.')).toBeInTheDocument();
    expect(bodyOf(requests.find((r) => r.method === 'put'))).toMatchObject({
      contactDays: [1, 2, 3, 4, 6],
      contactFrom: '08:00',
      contactTo: '13:00',
    });
  });

  it('a GENERAL sees the data read-only: no Guardar, no logo upload', async () => {
    signInAs('GENERAL');
    mockApi(() => ({ status: 200, data: agency }));
    renderApp('/agency');
    await title();
    await waitFor(() => expect(box('Nombre o razón social')).toHaveValue('Estudio Cobranzas del Sur'));
    expect(screen.getByText('Solo lectura')).toBeInTheDocument();
    expect(box('Nombre o razón social')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Elegir la imagen del logo')).not.toBeInTheDocument();
    expect(screen.getByText('Sin logo')).toBeInTheDocument();
  });

  it('a logo over 300 KB or not PNG/JPEG is refused on the page, without sending it', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi(() => ({ status: 200, data: agency }));
    renderApp('/agency');
    await title();
    const input = await screen.findByLabelText('Elegir la imagen del logo');
    const big = new File([new Uint8Array(300 * 1024 + 1)], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText(MESSAGES.agencyLogoTooLarge)).toBeInTheDocument();
    const gif = new File([new Uint8Array(10)], 'logo.gif', { type: 'image/gif' });
    fireEvent.change(input, { target: { files: [gif] } });
    expect(await screen.findByText(MESSAGES.agencyLogoType)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'put')).toHaveLength(0);
  });

  it('the load failing shows the error with a retry', async () => {
    signInAs('ADMIN');
    mockApi(() => ({ status: 500, data: { message: 'Error interno del servidor.' } }));
    renderApp('/agency');
    await title();
    expect(await screen.findByText('Error interno del servidor.', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { debtApi, fastUser, list, stubScrollIntoView } from '../debts/fixtures';
import { bodyOf } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const at = '2026-01-10T12:00:00.000Z';

describe('Observaciones (SPEC §7: the list reloads after each change)', { timeout: 30_000 }, () => {
  it('adds one to an empty list and edits it, reloading GET /observations each time', async () => {
    signInAs('GENERAL');
    const notes: {
      id: number;
      debtId: number;
      text: string;
      userId: number;
      userName: string;
      createdAt: string;
      updatedAt: string;
    }[] = [];
    const { requests } = debtApi((config) => {
      if (config.url === '/observations' && config.method === 'get') return list(notes);
      if (config.url === '/observations' && config.method === 'post') {
        const { text } = bodyOf(config) as { text: string };
        notes.push({
          id: 1,
          debtId: 12,
          text,
          userId: 1,
          userName: 'Ana Pérez',
          createdAt: at,
          updatedAt: at,
        });
        return { status: 201, data: notes[0] };
      }
      if (config.url === '/observations/1' && config.method === 'patch') {
        const note = notes[0];
        if (note)
          Object.assign(note, {
            text: (bodyOf(config) as { text: string }).text,
            updatedAt: '2026-01-11T12:00:00Z',
          });
        return { status: 200, data: note };
      }
      return undefined;
    });
    const loads = () => requests.filter((r) => r.url === '/observations' && r.method === 'get').length;
    renderApp('/debts/view/12?tab=observaciones');
    expect(await screen.findByText('No hay observaciones.', {}, { timeout: 3000 })).toBeInTheDocument();
    const user = fastUser();
    const before = loads();

    await user.click(screen.getByRole('button', { name: 'Agregar observación' }));
    let dialog = await screen.findByRole('dialog', { name: 'Agregar observación' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Observación/ }), 'Cobra el día 5.');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Cobra el día 5.')).toBeInTheDocument();
    expect(loads()).toBeGreaterThan(before);
    expect(bodyOf(requests.find((r) => r.method === 'post'))).toEqual({
      text: 'Cobra el día 5.',
      debtId: 12,
    });

    const afterAdd = loads();
    await user.click(screen.getByRole('button', { name: 'Editar la observación' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar observación' });
    const text = within(dialog).getByRole('textbox', { name: /^Observación/ });
    await user.clear(text);
    await user.type(text, 'Cobra el día 10.');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Cobra el día 10.')).toBeInTheDocument();
    await waitFor(() => expect(loads()).toBeGreaterThan(afterAdd));
    expect(screen.getByText(/editada/)).toBeInTheDocument();
  });
});

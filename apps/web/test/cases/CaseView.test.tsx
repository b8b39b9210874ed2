import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { fastUser, stubScrollIntoView } from '../debts/fixtures';
import { bodyOf, mockApi } from '../http';
import { renderApp, signInAs } from '../render';
import { CASE, catalogs, inDays, list, NOTICE, OLD_STEP, STEP, shown, today } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/cases/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
  setNavigator(null);
  session.start();
});

type Route = (config: InternalAxiosRequestConfig) => { status: number; data?: unknown } | undefined;

/** The case 7 (as `record`), its steps and notices; `routes` answer first. */
function caseApi(record: object = CASE, routes: Route = () => undefined) {
  return mockApi((config) => {
    const own = routes(config);
    if (own) return own;
    const known = catalogs(config);
    if (known) return known;
    if (config.method === 'get') {
      if (config.url === '/cases/7') return { status: 200, data: record };
      if (config.url === '/case-steps') return list([STEP, OLD_STEP]);
      if (config.url === '/case-notices') return list([NOTICE]);
    }
    return list([]);
  });
}

async function openCase(path = '/cases/7') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Expediente' }, { timeout: 3000 });
  await screen.findByRole('heading', { level: 2, name: CASE.caption });
  return view;
}

const facts = () => screen.getByRole('region', { name: CASE.caption });

describe('the case page (issue 37)', { timeout: 30_000 }, () => {
  it('shows every fact, the internal notes to the staff and the steps newest first', async () => {
    signInAs('GENERAL');
    const { requests } = caseApi();
    await openCase();
    const card = facts();
    const FACTS: [string, string][] = [
      ['Tipo de proceso', 'Ejecutivo'],
      ['Jurisdicción', 'Ciudad de Buenos Aires'],
      ['Fuero', 'Civil'],
      ['Juzgado', 'Juzgado Civil N.º 40'],
      ['Secretaría', 'Secretaría única'],
      ['N.º de expediente', '12345/2026'],
      ['Demanda presentada', '10/02/2026'],
      ['Abogado', 'Gómez, Laura'],
      ['Estado', 'Demanda presentada'],
      ['Deudor', 'Pérez, Juan · DNI 20.345.678'],
      ['Empresa', 'Frávega S.A.'],
    ];
    for (const [label, value] of FACTS)
      expect(within(card).getByText(label, { selector: 'dt' }).nextElementSibling).toHaveTextContent(value);
    expect(within(card).getByText(`${shown(inDays(3))} (en 3 días)`)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'N.º 12 · CTA-1' })).toHaveAttribute(
      'href',
      '/debts/view/12',
    );
    expect(within(card).getByText('Notas internas')).toBeInTheDocument();
    expect(within(card).getByText('Llamar al juzgado el martes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    // Deleting a case is the ADMIN's.
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();

    // Pasos: newest first, each with its term and documents.
    const titles = await screen.findAllByText(/^(Traslado de la demanda|Presentación de la demanda)$/);
    expect(titles.map((t) => t.textContent)).toEqual([
      'Traslado de la demanda',
      'Presentación de la demanda',
    ]);
    expect(
      screen.getByText(/Plazo de 5 días hábiles desde la notificación del/).closest('div'),
    ).toHaveTextContent(`vence el ${shown(inDays(3))} (en 3 días)`);
    expect(screen.getByText('Tarea del abogado: pendiente')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'escrito-demanda.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar paso' })).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/case-steps')?.params).toMatchObject({
      caseId: 7,
      sort: 'on',
      order: 'desc',
    });

    // Cédulas: the one sent, not served yet.
    const user = fastUser();
    await user.click(screen.getByRole('tab', { name: 'Cédulas' }));
    const notice = await screen.findByRole('row', { name: `Cédula a Pérez, Juan del ${shown(inDays(-5))}` });
    expect(notice).toHaveTextContent('Av. Calchaquí 123, Quilmes');
    expect(notice).toHaveTextContent('Pendiente');
  });

  it('a CLIENTE reads it all but never the internal notes, and changes nothing', async () => {
    signInAs('CLIENTE');
    // Even if an answer carried them, the page would not show them.
    caseApi({ ...CASE, internalNotes: 'Llamar al juzgado el martes.' });
    await openCase();
    expect(screen.getByText('Solo lectura')).toBeInTheDocument();
    expect(within(facts()).getByText('Juzgado Civil N.º 40')).toBeInTheDocument();
    expect(screen.queryByText('Notas internas')).not.toBeInTheDocument();
    expect(screen.queryByText('Llamar al juzgado el martes.')).not.toBeInTheDocument();
    expect(await screen.findByText('Traslado de la demanda')).toBeInTheDocument();
    for (const name of ['Editar', 'Eliminar', 'Agregar paso', /^Adjuntar documentos/, /^Editar el paso/])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('«Liquidación»: today by default, another date, and the PDF fetched with the session', async () => {
    signInAs('CLIENTE');
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { requests } = caseApi(CASE, (config) =>
      config.url === '/cases/7/liquidation' ? { status: 200, data: new Blob(['%PDF']) } : undefined,
    );
    await openCase('/cases/7?tab=liquidacion');
    const input = await screen.findByLabelText('Liquidar al');
    expect(input).toHaveValue(shown(today));
    const user = fastUser();
    await user.click(screen.getByRole('button', { name: 'Descargar planilla (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const asked = requests.find((r) => r.url === '/cases/7/liquidation');
    expect(asked?.params).toEqual({ date: today });
    expect(asked?.responseType).toBe('blob');

    await user.clear(input);
    await user.type(input, shown(inDays(-30)));
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Descargar planilla (PDF)' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/cases/7/liquidation').at(-1)?.params).toEqual({
        date: inDays(-30),
      }),
    );
  });
});

describe('a step’s documents (issue 37)', { timeout: 30_000 }, () => {
  it('uploads a document to the step with the documents machinery, saying which step', async () => {
    signInAs('GENERAL');
    const { requests } = caseApi(CASE, (config) =>
      config.url === '/documents' && config.method === 'post' ? { status: 201, data: { id: 56 } } : undefined,
    );
    await openCase();
    await screen.findByText('Traslado de la demanda');
    const button = screen.getByRole('button', { name: 'Adjuntar documentos al paso Traslado de la demanda' });
    // FileButton's hidden input sits beside its button.
    const input = button.parentElement?.querySelector('input[type="file"]');
    const file = new File(['%PDF-1.7'], 'cedula-diligenciada.pdf', { type: 'application/pdf' });
    await fastUser().upload(input as HTMLInputElement, file);
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/documents' && r.method === 'post')).toBe(true),
    );
    const form = requests.find((r) => r.url === '/documents')?.data as FormData;
    expect(form.get('debtId')).toBe('12');
    expect(form.get('caseStepId')).toBe('30');
    expect((form.get('file') as File).name).toBe('cedula-diligenciada.pdf');
    expect(await screen.findByText('Se subió «cedula-diligenciada.pdf».')).toBeInTheDocument();
  });
});

describe('a step and its term (issue 37)', { timeout: 30_000 }, () => {
  it('previews «Vence el…» on the case’s calendar as the term is typed, then saves the step', async () => {
    signInAs('GENERAL');
    const deadline = {
      deadlineOn: inDays(16),
      skipped: [
        { date: inDays(4), kind: 'FERIADO', name: 'Día de la Memoria' },
        { date: `${inDays(6)}/${inDays(8)}`, kind: 'FERIA', name: 'Feria de Semana Santa' },
      ],
    };
    const { requests } = caseApi(CASE, (config) => {
      if (config.url === '/jurisdictions/2/deadline') return { status: 200, data: deadline };
      if (config.url === '/case-steps' && config.method === 'post')
        return { status: 201, data: { ...STEP, id: 31 } };
      return undefined;
    });
    await openCase();
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Agregar paso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar paso' });
    expect(within(dialog).getByLabelText(/^Fecha/)).toHaveValue(shown(today));
    await user.type(within(dialog).getByRole('textbox', { name: /^Título/ }), 'Intimación de pago');
    await user.type(within(dialog).getByRole('textbox', { name: 'Plazo en días hábiles' }), '10');

    const preview = within(dialog).getByTestId('deadline-preview');
    expect(await within(preview).findByText(`Vence el ${shown(inDays(16))}`)).toBeInTheDocument();
    expect(preview).toHaveTextContent(`${shown(inDays(4))}: Día de la Memoria (feriado nacional)`);
    expect(preview).toHaveTextContent(
      `del ${shown(inDays(6))} al ${shown(inDays(8))}: Feria de Semana Santa (feria judicial)`,
    );
    // Counted from the step's day when no notice day is typed.
    expect(requests.find((r) => r.url === '/jurisdictions/2/deadline')?.params).toEqual({
      from: today,
      days: 10,
    });

    const notice = within(dialog).getByLabelText(/^desde la notificación del/);
    await user.type(notice, shown(inDays(-3)));
    await user.tab();
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/jurisdictions/2/deadline').at(-1)?.params).toEqual({
        from: inDays(-3),
        days: 10,
      }),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Agregar paso' })).not.toBeInTheDocument(),
    );
    expect(bodyOf(requests.find((r) => r.url === '/case-steps' && r.method === 'post'))).toMatchObject({
      caseId: 7,
      on: today,
      title: 'Intimación de pago',
      deadlineDays: 10,
      deadlineFrom: inDays(-3),
    });
  });

  it('without a jurisdiction, says the term cannot be counted', async () => {
    signInAs('GENERAL');
    const { requests } = caseApi({ ...CASE, jurisdictionId: null, jurisdictionName: null });
    await openCase();
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Agregar paso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar paso' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Plazo en días hábiles' }), '5');
    expect(
      await within(dialog).findByText(
        'El expediente no tiene jurisdicción: elegila para contar el plazo en días hábiles de sus tribunales.',
      ),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.url?.endsWith('/deadline'))).toBe(false);
  });
});

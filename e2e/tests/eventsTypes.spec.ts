import { apiCall, confirmDelete, expect, test, unique } from '../fixtures';

type Page = import('@playwright/test').Page;
const main = (page: Page) => page.getByRole('main');
const field = (page: Page, label: string) => main(page).getByRole('textbox', { name: label, exact: true });

test.describe('Tipos de eventos (issue 4)', () => {
  test('ADMIN creates an event type, keeps its sub-types on the edit page, and deletes it', async ({
    page,
    signIn,
  }) => {
    const name = unique('Llamada');
    await signIn('ADMIN', '/eventsTypes/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo tipo de evento' })).toBeVisible();
    await field(page, 'Nombre').fill(name);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/eventsTypes\/list$/);

    await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
    // The search reaches the URL after its debounce; reload only then.
    await expect(page).toHaveURL(/[?&]q=/);
    await page.reload();
    await page.getByRole('row', { name: `Abrir ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editar tipo de evento' })).toBeVisible();
    const subTypes = page.getByRole('region', { name: 'Subtipos' });
    await expect(subTypes).toContainText('Este tipo de evento no tiene subtipos.');

    // Add, rename and delete sub-types inline.
    for (const subType of ['Al celular', 'Al trabajo']) {
      await subTypes.getByRole('textbox', { name: 'Nombre del nuevo subtipo' }).fill(subType);
      await subTypes.getByRole('button', { name: 'Agregar subtipo' }).click();
      await expect(subTypes.getByText(subType, { exact: true })).toBeVisible();
    }
    await subTypes.getByRole('button', { name: 'Renombrar Al trabajo' }).click();
    await subTypes.getByRole('textbox', { name: 'Nuevo nombre de Al trabajo' }).fill('Al teléfono laboral');
    await subTypes.getByRole('button', { name: 'Guardar' }).click();
    await expect(subTypes.getByText('Al teléfono laboral', { exact: true })).toBeVisible();
    await subTypes.getByRole('button', { name: 'Eliminar Al celular' }).click();
    await confirmDelete(page);
    await expect(subTypes.getByText('Al celular', { exact: true })).toHaveCount(0);
    await page.reload();
    await expect(subTypes.getByText('Al teléfono laboral', { exact: true })).toBeVisible();

    // The type is in use by its remaining sub-type: the 409 says so; without it, it goes.
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: `Eliminar ${name}` }).click();
    await confirmDelete(page);
    await expect(page.getByText('No se puede eliminar: el registro está en uso.')).toBeVisible();
    const types = await apiCall<{ data: { id: number }[] }>(
      page,
      'ADMIN',
      'GET',
      `/events-types?q=${encodeURIComponent(name)}`,
    );
    const subs = await apiCall<{ data: { id: number }[] }>(
      page,
      'ADMIN',
      'GET',
      `/eventsSubTypes?eventTypeId=${types.data[0]?.id}`,
    );
    for (const sub of subs.data) await apiCall(page, 'ADMIN', 'DELETE', `/eventsSubTypes/${sub.id}`);
    await page.getByRole('button', { name: `Eliminar ${name}` }).click();
    await confirmDelete(page);
    await expect(page.getByText(`Se eliminó el tipo de evento «${name}».`)).toBeVisible();
  });

  test('GENERAL sees the event types and their sub-types read-only', async ({ page, signIn }) => {
    const name = unique('Visita');
    const type = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/events-types', { name });
    await apiCall(page, 'ADMIN', 'POST', '/eventsSubTypes', { eventTypeId: type.id, name: 'Al domicilio' });
    await signIn('GENERAL', `/eventsTypes/list?q=${encodeURIComponent(name)}`);
    await expect(main(page).getByRole('link', { name: 'Agregar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
    await page.getByRole('row', { name: `Abrir ${name}` }).click();
    await expect(page.getByText('Solo lectura')).toBeVisible();
    const subTypes = page.getByRole('region', { name: 'Subtipos' });
    await expect(subTypes).toContainText('Al domicilio');
    await expect(subTypes.getByRole('button')).toHaveCount(0);
    await expect(subTypes.getByRole('textbox')).toHaveCount(0);
  });

  test('ADMIN chooses the outcomes a contact type admits (issue 15)', async ({ page, signIn }) => {
    const name = unique('Carta documento');
    const outcome = unique('Recibida');
    const created = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/events-history-types', {
      name: outcome,
    });
    const type = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/events-types', { name });
    await signIn('ADMIN', `/eventsTypes/edit/${type.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Editar tipo de evento' })).toBeVisible();
    const outcomes = main(page).getByRole('combobox', { name: 'Resultados posibles' });
    await outcomes.fill(outcome);
    await page.getByRole('option', { name: outcome }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/eventsTypes\/list$/);
    const saved = await apiCall<{ outcomeIds: number[] }>(page, 'ADMIN', 'GET', `/events-types/${type.id}`);
    expect(saved.outcomeIds).toEqual([created.id]);
  });
});

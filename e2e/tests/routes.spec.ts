import { expect, test } from '../fixtures';

const menu = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Menú principal' });

/** Every route of SPEC.md §2, with the heading its page shows. */
const ROUTES: [string, string][] = [
  ['/', 'Inicio'],
  ['/users/list', 'Usuarios'],
  ['/users/add', 'Nuevo usuario'],
  ['/users/edit/1', 'Editar usuario'],
  ['/companies/list', 'Compañías'],
  ['/companies/add', 'Nueva compañía'],
  ['/companies/edit/1', 'Editar compañía'],
  ['/eventsTypes/list', 'Tipos de eventos'],
  ['/eventsTypes/add', 'Nuevo tipo de evento'],
  ['/eventsTypes/edit/1', 'Editar tipo de evento'],
  ['/debtors/list', 'Deudores'],
  ['/debtors/add', 'Nuevo deudor'],
  ['/debtors/edit/1', 'Editar deudor'],
  ['/embargos-types/list', 'Tipos de embargos'],
  ['/embargos-types/add', 'Nuevo tipo de embargo'],
  ['/embargos-types/edit/1', 'Editar tipo de embargo'],
  ['/debts-types/list', 'Tipos de deuda'],
  ['/debts-types/add', 'Nuevo tipo de deuda'],
  ['/debts-types/edit/1', 'Editar tipo de deuda'],
  ['/debts/search', 'Buscador de deudas'],
  ['/debts/add', 'Nueva deuda'],
  ['/debts/edit/1', 'Editar deuda'],
  ['/debts/view/1', 'Detalle de deuda'],
  ['/calendar', 'Agenda'],
];

test.describe('SPEC §2 — Routes inside the layout', () => {
  for (const [path, heading] of ROUTES) {
    test(`${path} is a route inside the layout`, async ({ page, signIn }) => {
      await signIn('ADMIN', path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(menu(page)).toBeVisible();
      await expect(page.getByRole('img', { name: 'Página no encontrada' })).toHaveCount(0);
    });
  }

  test('In /debts/type/{type}, type 1 is preventive, 2 is extrajudicial and 3 is judicial.', async ({
    page,
    signIn,
  }) => {
    await signIn('ADMIN', '/debts/type/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Deudas preventivas' })).toBeVisible();
    await page.goto('/debts/type/2');
    await expect(page.getByRole('heading', { level: 1, name: 'Deudas extrajudiciales' })).toBeVisible();
    await page.goto('/debts/type/3');
    await expect(page.getByRole('heading', { level: 1, name: 'Deudas judiciales' })).toBeVisible();
    await page.goto('/debts/type/4');
    await expect(page.getByRole('img', { name: 'Página no encontrada' })).toBeVisible();
  });

  test('An unknown path shows a not-found image inside the layout.', async ({ page, signIn }) => {
    await signIn('GENERAL', '/no/existe');
    const image = page.getByRole('img', { name: 'Página no encontrada' });
    await expect(image).toBeVisible();
    // Visible is not loaded: on a busy CI machine the file arrived after the element showed (naturalWidth 0).
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    await expect(menu(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
  });

  test("A routing error shows 'Ocurrio un error, por favor contacte con el administrador del sitio'.", async ({
    page,
    signIn,
  }) => {
    await signIn('ADMIN');
    await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();
    // A page chunk that cannot be loaded is a routing error.
    await page.route('**/assets/*.js', (route) => route.abort('failed'));
    await menu(page).getByRole('button', { name: 'Compañias' }).click();
    await menu(page).locator('a[href="/companies/list"]').click();
    await expect(
      page.getByText('Ocurrio un error, por favor contacte con el administrador del sitio'),
    ).toBeVisible();
  });
});

test.describe('SPEC §2 — Sidebar menu groups', () => {
  test('Cobranzas (Buscador, Nueva, Preventivas, Extrajudiciales, Judiciales), Usuarios, Compañias, Eventos, Deudores, Tipos de embargos, Agenda (Ver Agenda) and Tipos de deuda', async ({
    page,
    signIn,
  }) => {
    await signIn('ADMIN');
    const groups = [
      'Cobranzas',
      'Usuarios',
      'Compañias',
      'Eventos',
      'Deudores',
      'Tipos de embargos',
      'Agenda',
      'Tipos de deuda',
    ];
    const text = (await menu(page).textContent()) ?? '';
    let last = -1;
    for (const group of groups) {
      await expect(menu(page).getByRole('button', { name: group, exact: true })).toBeVisible();
      const at = text.indexOf(group, last + 1);
      expect(at, `${group} comes after the previous group`).toBeGreaterThan(last);
      last = at;
    }
    await menu(page).getByRole('button', { name: 'Cobranzas', exact: true }).click();
    const cobranzas: [string, string][] = [
      ['Buscador', '/debts/search'],
      ['Nueva', '/debts/add'],
      ['Preventivas', '/debts/type/1'],
      ['Extrajudiciales', '/debts/type/2'],
      ['Judiciales', '/debts/type/3'],
    ];
    for (const [name, href] of cobranzas) {
      await expect(menu(page).getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await menu(page).getByRole('button', { name: 'Agenda', exact: true }).click();
    await expect(menu(page).getByRole('link', { name: 'Ver Agenda' })).toHaveAttribute('href', '/calendar');
  });

  test('Each group except Agenda has add and list entries.', async ({ page, signIn }) => {
    await signIn('ADMIN');
    const groups: [string, string][] = [
      ['Usuarios', '/users'],
      ['Compañias', '/companies'],
      ['Eventos', '/eventsTypes'],
      ['Deudores', '/debtors'],
      ['Tipos de embargos', '/embargos-types'],
      ['Tipos de deuda', '/debts-types'],
    ];
    for (const [group, base] of groups) {
      await menu(page).getByRole('button', { name: group, exact: true }).click();
      await expect(menu(page).locator(`a[href="${base}/add"]`)).toBeVisible();
      await expect(menu(page).locator(`a[href="${base}/list"]`)).toBeVisible();
    }
    await menu(page).getByRole('button', { name: 'Agenda', exact: true }).click();
    await expect(menu(page).locator('a[href$="/add"][href^="/calendar"]')).toHaveCount(0);
  });
});

import { expect, test } from '../fixtures';
import { USERS } from '../users';

const menu = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Menú principal' });

test.describe('SPEC §2 — Layout', () => {
  test('A sidebar with a toggle.', async ({ page, signIn }) => {
    await signIn('ADMIN');
    const toggle = page.getByRole('button', { name: 'Mostrar u ocultar menú' });
    await expect(menu(page)).toBeVisible();
    await toggle.click();
    await expect(menu(page)).toBeHidden();
    await toggle.click();
    await expect(menu(page)).toBeVisible();
  });

  test('It collapses automatically on small screens.', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn('ADMIN');
    await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();
    await expect(menu(page)).toBeHidden();
    await page.getByRole('button', { name: 'Mostrar u ocultar menú' }).click();
    await expect(menu(page)).toBeVisible();
  });

  test("A number-only search box 'Buscar deudor por DNI/CUIT', which goes to /debts/search?search={value}", async ({
    page,
    signIn,
  }) => {
    await signIn('GENERAL');
    const search = page.getByPlaceholder('Buscar deudor por DNI/CUIT');
    await search.pressSequentially('20-3a4b5c6d7e8');
    await expect(search).toHaveValue('20345678');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/debts\/search\?search=20345678$/);
    await expect(page.getByRole('heading', { name: 'Buscador de deudas' })).toBeVisible();
  });

  test("A notifications bell ('Sin alertas')", async ({ page, signIn }) => {
    await signIn('GENERAL');
    await page.getByRole('button', { name: 'Notificaciones' }).click();
    await expect(page.getByText('Sin alertas')).toBeVisible();
  });

  test("A messages icon ('Sin mensajes')", async ({ page, signIn }) => {
    await signIn('GENERAL');
    await page.getByRole('button', { name: 'Mensajes' }).click();
    await expect(page.getByText('Sin mensajes')).toBeVisible();
  });

  test("The signed-in user's name", async ({ page, signIn }) => {
    await signIn('CLIENTE');
    await expect(page.getByRole('banner').getByText(USERS.CLIENTE.name)).toBeVisible();
  });

  test("A 'Salir' logout action.", async ({ page, signIn }) => {
    await signIn('GENERAL');
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("If nobody is signed in, the layout shows a loading screen with 'Cargando' and redirects to /login.", async ({
    page,
  }) => {
    await page.addInitScript(watchForText, 'Cargando');
    await page.goto('/users/list');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => (window as unknown as { __sawText: boolean }).__sawText)).toBe(true);
  });

  test("Pages load lazily, with the fallback text 'Cargando...'.", async ({ page, signIn }) => {
    await signIn('ADMIN');
    await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chunks: string[] = [];
    await page.route('**/assets/*.js', async (route) => {
      chunks.push(route.request().url());
      await held;
      await route.continue();
    });
    await menu(page).getByRole('button', { name: 'Usuarios' }).click();
    await menu(page).locator('a[href="/users/list"]').click();
    await expect(page.getByText('Cargando...')).toBeVisible();
    release();
    // The held chunks and the users' read all arrive at once: on a loaded CI machine that took over 10 s.
    await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible({ timeout: 30_000 });
    expect(chunks.length).toBeGreaterThan(0);
  });
});

/** Runs in the page before its scripts: notes whether an element ever showed exactly `text`. */
function watchForText(text: string) {
  const w = window as unknown as { __sawText: boolean };
  w.__sawText = false;
  const check = () => {
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      if (el.textContent?.trim() === text) w.__sawText = true;
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

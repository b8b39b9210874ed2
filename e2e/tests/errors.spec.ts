import { expect, test } from '../fixtures';

const fillAndSubmit = async (page: import('@playwright/test').Page, alias: string, password: string) => {
  await page.getByLabel('usuario', { exact: true }).fill(alias);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
};

test.describe('SPEC §8 — Error catalogue', () => {
  test("Login, server message 'Invalid credentials' → 'Contraseña o usuario incorrecto, intenta de nuevo.'", async ({
    page,
  }) => {
    await page.goto('/login');
    const response = page.waitForResponse('**/api/login');
    await fillAndSubmit(page, 'general', 'no-es-la-clave');
    expect(await (await response).json()).toEqual({ message: 'Invalid credentials' });
    await expect(page.getByRole('alert')).toHaveText('Contraseña o usuario incorrecto, intenta de nuevo.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Login, any other server message → shown as is (the throttle after repeated failures)', async ({
    page,
  }) => {
    await page.goto('/login');
    const alias = `intruso-${Date.now()}`;
    for (let i = 0; i < 5; i++) {
      const response = page.waitForResponse('**/api/login');
      await fillAndSubmit(page, alias, `clave-${i}`);
      expect((await response).status()).toBe(401);
    }
    const response = page.waitForResponse('**/api/login');
    await fillAndSubmit(page, alias, 'otra-clave');
    const answer = await response;
    expect(answer.status()).toBe(429);
    const { message } = await answer.json();
    expect(message).toMatch(/intentos/);
    await expect(page.getByRole('alert')).toHaveText(message);
  });

  test("Login, no server message → the client's error message (in Spanish)", async ({ page }) => {
    await page.goto('/login');
    await page.route('**/api/login', (route) => route.abort('connectionrefused'));
    await fillAndSubmit(page, 'general', 'lo-que-sea');
    await expect(page.getByRole('alert')).toHaveText(
      'No se pudo conectar con el servidor. Revise la conexión e intente de nuevo.',
    );
  });

  test("Routing error → 'Ocurrio un error, por favor contacte con el administrador del sitio'", async ({
    page,
    signIn,
  }) => {
    await signIn('GENERAL');
    await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();
    await page.route('**/assets/*.js', (route) => route.abort('failed'));
    await page.getByPlaceholder('Buscar deudor por DNI/CUIT').fill('30111222');
    await page.getByPlaceholder('Buscar deudor por DNI/CUIT').press('Enter');
    await expect(
      page.getByText('Ocurrio un error, por favor contacte con el administrador del sitio'),
    ).toBeVisible();
  });

  test('A list that cannot load says why in Spanish, with «Reintentar», never the empty state (issue 32)', async ({
    page,
    signIn,
  }) => {
    await signIn('GENERAL');
    await page.route('**/api/debtors?**', (route) => route.abort('connectionrefused'));
    await page.goto('/debtors/list');
    const main = page.getByRole('main');
    await expect(main.getByText('No se pudieron cargar los datos')).toBeVisible();
    await expect(
      main.getByText('No se pudo conectar con el servidor. Revise la conexión e intente de nuevo.'),
    ).toBeVisible();
    await expect(main.getByText('No hay registros para mostrar')).toHaveCount(0);
    await expect(page.getByText('Network Error')).toHaveCount(0);
    await page.unroute('**/api/debtors?**');
    await main.getByRole('button', { name: 'Reintentar' }).click();
    await expect(main.getByText('No se pudieron cargar los datos')).toHaveCount(0);
    await expect(main.getByRole('table')).toBeVisible();
  });

  test("Missing permission → 'No tiene permisos para ingresar aqui'", async ({ page, signIn }) => {
    await signIn('CLIENTE', '/debtors/add');
    await expect(page.getByText('No tiene permisos para ingresar aqui')).toBeVisible();
  });
});

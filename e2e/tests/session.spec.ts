import { apiToken, decodeJwt, expect, expiredToken, loginWithForm, storage, test } from '../fixtures';
import { USERS } from '../users';

test.describe('SPEC §4 — Session start', () => {
  test('With a token in local storage, the user is marked logged in and the user data is decoded from the token.', async ({
    page,
  }) => {
    const token = await apiToken(page, 'CLIENTE');
    await page.goto('/login');
    await storage.set(page, 'token', token);
    await page.goto('/users/list');
    await expect(page).toHaveURL(/\/users\/list$/);
    await expect(page.getByRole('banner').getByText(USERS.CLIENTE.name)).toBeVisible();
  });

  test('Without a token, the user is marked logged out.', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  });

  test('A refresh runs every 2 minutes and its access_token replaces the token.', async ({
    page,
    signIn,
  }) => {
    await page.clock.install();
    const first = await signIn('GENERAL');
    await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();
    const refreshes: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/refresh') && req.method() === 'POST')
        refreshes.push(req.headers().authorization ?? '');
    });
    await page.waitForTimeout(1100); // a new token needs a later second in its iat
    await page.clock.runFor(119_000);
    expect(refreshes).toHaveLength(0);
    const answered = page.waitForResponse('**/api/refresh');
    await page.clock.runFor(1_500);
    expect((await answered).status()).toBe(200);
    expect(refreshes).toEqual([`Bearer ${first}`]);
    await expect.poll(() => storage.get(page, 'token')).not.toBe(first);
    const second = await storage.get(page, 'token');
    expect(decodeJwt(second ?? '')).toMatchObject({ name: USERS.GENERAL.name, type: 'GENERAL' });
    await page.clock.runFor(120_000);
    await expect.poll(() => refreshes.length).toBe(2);
    expect(refreshes[1]).toBe(`Bearer ${second}`);
  });
});

test.describe('SPEC §4 — Permissions', () => {
  test('Setting userData recomputes the permissions: signing in as CLIENTE after GENERAL changes the menu at once', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('usuario', { exact: true }).fill(USERS.GENERAL.alias);
    await page.getByLabel('Contraseña', { exact: true }).fill(USERS.GENERAL.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(menu.getByRole('button', { name: 'Agenda', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.getByLabel('usuario', { exact: true }).fill(USERS.CLIENTE.alias);
    await page.getByLabel('Contraseña', { exact: true }).fill(USERS.CLIENTE.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(menu.getByRole('button', { name: 'Cobranzas', exact: true })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Agenda', exact: true })).toHaveCount(0);
  });
});

test.describe('SPEC §4 — Expiry', () => {
  test('On any 401 response the token is cleared, the current location is saved as lastLocation, and the browser goes to /login', async ({
    page,
    signIn,
  }) => {
    await page.clock.install();
    await signIn('GENERAL', '/companies/list?page=3');
    await expect(page.getByRole('heading', { name: 'Compañías' })).toBeVisible();
    // A token the server does not recognise: its next call (the refresh) is answered 401 Unauthorized.
    await storage.set(page, 'token', 'no.es-un.token');
    const answered = page.waitForResponse('**/api/refresh');
    await page.clock.runFor(121_000);
    expect((await answered).status()).toBe(401);
    await expect(page).toHaveURL(/\/login$/);
    expect(await storage.get(page, 'token')).toBeNull();
    expect(await storage.get(page, 'lastLocation')).toBe('/companies/list?page=3');
    // Signing in again returns to where the user was.
    await page.getByLabel('usuario', { exact: true }).fill(USERS.GENERAL.alias);
    await page.getByLabel('Contraseña', { exact: true }).fill(USERS.GENERAL.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/companies\/list\?page=3$/);
  });

  test("A response message 'Token is Expired' does the same", async ({ page, signIn }) => {
    await page.clock.install();
    const token = await signIn('CLIENTE', '/debts/search?search=123');
    await expect(page.getByRole('heading', { name: 'Buscador de deudas' })).toBeVisible();
    await storage.set(page, 'token', expiredToken(decodeJwt(token)));
    const answered = page.waitForResponse('**/api/refresh');
    await page.clock.runFor(121_000);
    const response = await answered;
    expect(await response.json()).toEqual({ message: 'Token is Expired' });
    await expect(page).toHaveURL(/\/login$/);
    expect(await storage.get(page, 'token')).toBeNull();
    expect(await storage.get(page, 'lastLocation')).toBe('/debts/search?search=123');
  });

  test("The login request's own 401 is not an expiry: the user stays on /login with the error", async ({
    page,
  }) => {
    await page.goto('/login');
    await storage.set(page, 'lastLocation', '/users/list');
    await page.getByLabel('usuario', { exact: true }).fill('no-existe');
    await page.getByLabel('Contraseña', { exact: true }).fill('incorrecta');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Contraseña o usuario incorrecto, intenta de nuevo.');
    expect(await storage.get(page, 'lastLocation')).toBe('/users/list');
  });
});

test.describe('SPEC §4 — Logout', () => {
  test("'Salir' removes the token, the user and the last location, then goes to /login.", async ({
    page,
  }) => {
    await loginWithForm(page, 'ADMIN');
    await storage.set(page, 'lastLocation', '/users/list');
    expect(await storage.get(page, 'user')).not.toBeNull();
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storage.get(page, 'token')).toBeNull();
    expect(await storage.get(page, 'user')).toBeNull();
    expect(await storage.get(page, 'lastLocation')).toBeNull();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });
});

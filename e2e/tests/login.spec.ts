import { decodeJwt, expect, storage, test } from '../fixtures';
import { USERS } from '../users';

const usuario = (page: import('@playwright/test').Page) => page.getByLabel('usuario', { exact: true });
const contrasena = (page: import('@playwright/test').Page) => page.getByLabel('Contraseña', { exact: true });
const ingresar = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Ingresar' });

test.describe('SPEC §1 — the login page', () => {
  test('shows a welcome text, a contact e-mail, a contact phone, a copyright line (year 2023) and a terms and conditions link', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByText(/Bienvenid/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'contacto@cobranzas.com.ar' })).toHaveAttribute(
      'href',
      'mailto:contacto@cobranzas.com.ar',
    );
    await expect(page.getByRole('link', { name: '+54 11 4000-0000' })).toHaveAttribute('href', /^tel:/);
    await expect(page.getByText(/©\s*2023/)).toBeVisible();
    const terms = page.getByRole('link', { name: 'Términos y condiciones' });
    await expect(terms).toBeVisible();
    const href = await terms.getAttribute('href');
    const res = await page.request.get(href ?? '');
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('Términos y condiciones');
  });
});

test.describe('SPEC §2 — Login (route /login)', () => {
  test('Fields: usuario and Contraseña. Submit button: Ingresar.', async ({ page }) => {
    await page.goto('/login');
    await expect(usuario(page)).toBeVisible();
    await expect(contrasena(page)).toHaveAttribute('type', 'password');
    await expect(ingresar(page)).toBeVisible();
  });

  test('The button is disabled while the username is empty.', async ({ page }) => {
    await page.goto('/login');
    await expect(ingresar(page)).toBeDisabled();
    await contrasena(page).fill('algo');
    await expect(ingresar(page)).toBeDisabled();
    await usuario(page).fill('a');
    await expect(ingresar(page)).toBeEnabled();
    await usuario(page).fill('');
    await expect(ingresar(page)).toBeDisabled();
  });

  test('A spinner shows while the request runs.', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await usuario(page).fill(USERS.GENERAL.alias);
    await contrasena(page).fill(USERS.GENERAL.password);
    await ingresar(page).click();
    await expect(page.getByTestId('login-spinner')).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('login-spinner')).toHaveCount(0);
  });

  test('A logo image is shown.', async ({ page }) => {
    await page.goto('/login');
    const logo = page.getByRole('img', { name: 'Cobranzas' }).first();
    await expect(logo).toBeVisible();
    // Visible comes first (its box has a size from width/height); the pixels arrive when it decodes.
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
  });

  test('On success the user goes to / when no last location is stored', async ({ page }) => {
    await page.goto('/login');
    await usuario(page).fill(USERS.GENERAL.alias);
    await contrasena(page).fill(USERS.GENERAL.password);
    await ingresar(page).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();
  });

  test('On success the user goes to the saved last location if one is stored', async ({ page }) => {
    await page.goto('/login');
    await storage.set(page, 'lastLocation', '/companies/list?page=2');
    await usuario(page).fill(USERS.GENERAL.alias);
    await contrasena(page).fill(USERS.GENERAL.password);
    await ingresar(page).click();
    await expect(page).toHaveURL(/\/companies\/list\?page=2$/);
  });
});

test.describe('SPEC §4 — Login transition', () => {
  test('Leading and trailing whitespace is removed from alias and password; the token and its decoded content are stored', async ({
    page,
  }) => {
    await page.goto('/login');
    await usuario(page).fill(`  ${USERS.GENERAL.alias} `);
    await contrasena(page).fill(` ${USERS.GENERAL.password}  `);
    const request = page.waitForRequest('**/api/login');
    await ingresar(page).click();
    expect((await request).postDataJSON()).toEqual({
      alias: USERS.GENERAL.alias,
      password: USERS.GENERAL.password,
    });
    await expect(page).toHaveURL(/\/$/);
    const token = await storage.get(page, 'token');
    expect(token).toBeTruthy();
    const user = JSON.parse((await storage.get(page, 'user')) ?? 'null');
    expect(user).toEqual(decodeJwt(token ?? ''));
    expect(user).toMatchObject({ name: USERS.GENERAL.name, type: 'GENERAL' });
    // isLogin true and userData set: the layout greets the user by name.
    await expect(page.getByRole('banner').getByText(USERS.GENERAL.name)).toBeVisible();
  });

  test('On submit, any previous error is cleared and a loading flag is set', async ({ page }) => {
    await page.goto('/login');
    await usuario(page).fill('nadie-aqui');
    await contrasena(page).fill('clave-incorrecta');
    await ingresar(page).click();
    await expect(page.getByRole('alert')).toHaveText('Contraseña o usuario incorrecto, intenta de nuevo.');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await usuario(page).fill(USERS.GENERAL.alias);
    await contrasena(page).fill(USERS.GENERAL.password);
    await ingresar(page).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByTestId('login-spinner')).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('SPEC §5 — Validation rules', () => {
  test('The password check repeats the username test: a password alone does not enable Ingresar', async ({
    page,
  }) => {
    await page.goto('/login');
    await contrasena(page).fill('una-clave');
    await expect(ingresar(page)).toBeDisabled();
  });

  test('Both login inputs show an invalid state when an error message exists.', async ({ page }) => {
    await page.goto('/login');
    await expect(usuario(page)).not.toHaveAttribute('aria-invalid', 'true');
    await usuario(page).fill('alguien-mas');
    await contrasena(page).fill('no-es-esta');
    await ingresar(page).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(usuario(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(contrasena(page)).toHaveAttribute('aria-invalid', 'true');
  });
});

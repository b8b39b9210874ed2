import { apiCall, expect, test, unique, uniqueCuit } from '../fixtures';

type Page = import('@playwright/test').Page;
const main = (page: Page) => page.getByRole('main');
const amount = (page: Page, id: 'saldo' | 'pagado') => page.getByTestId(`importe-${id}`);

/** A DNI of this run only (the database is shared by every test). */
const runDni = () => String(40_000_000 + (Date.now() % 50_000_000) + Math.floor(Math.random() * 1000));

async function companyId(page: Page, name: string): Promise<number> {
  const found = await apiCall<{ data: { id: number; name: string }[] }>(
    page,
    'ADMIN',
    'GET',
    `/companies?q=${encodeURIComponent(name)}`,
  );
  const company = found.data.find((c) => c.name === name);
  if (!company) throw new Error(`No existe la compañía ${name}`);
  return company.id;
}

/** A new debtor (a fresh DNI) with one debt of Frávega, made through the API as ADMIN. */
async function debtOfNewDebtor(
  page: Page,
  firstName: string,
  lastName: string,
  debt: Record<string, unknown>,
) {
  const debtor = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
    dni: runDni(),
    firstName,
    lastName: unique(lastName),
  });
  return apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
    debtorId: debtor.id,
    companyId: await companyId(page, 'Frávega S.A.'),
    ...debt,
  });
}

async function pick(page: Page, label: RegExp, option: string) {
  await main(page).getByLabel(label).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('Deudas (issue 5)', () => {
  test('GENERAL works a debt from the first search to a paid quota', async ({ page, signIn }) => {
    test.setTimeout(90_000);
    const dni = runDni();
    const callType = unique('Llamada');
    await apiCall(page, 'ADMIN', 'POST', '/events-types', { name: callType });

    // The top bar's search: nobody with that DNI yet.
    await signIn('GENERAL', '/');
    const search = page.getByRole('textbox', { name: 'Buscar deudor por DNI/CUIT' });
    await search.fill(dni);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/debts/search\\?search=${dni}$`));
    await expect(main(page).getByText(`No se encontró ningún deudor con DNI/CUIT ${dni}.`)).toBeVisible();
    // Every debt, unfiltered, only when asked for: it is not what the DNI matched (issue 15).
    const advanced = main(page).getByRole('button', { name: 'Buscar entre todas las deudas' });
    await expect(advanced).toHaveAttribute('aria-expanded', 'false');
    await expect(main(page).getByRole('form', { name: 'Filtros de deudas' })).toHaveCount(0);
    await advanced.click();
    await expect(main(page).getByRole('form', { name: 'Filtros de deudas' })).toBeVisible();

    // Create the debtor inline, then the debt.
    await main(page).getByRole('link', { name: 'Crear deudor y deuda' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nueva deuda' })).toBeVisible();
    const inline = page.getByRole('form', { name: 'Nuevo deudor' });
    await expect(inline.getByRole('textbox', { name: 'DNI' })).toHaveValue(dni);
    await inline.getByRole('textbox', { name: 'Apellido' }).fill('Sosa');
    await inline.getByRole('textbox', { name: 'Nombres' }).fill('Marta');
    await inline.getByRole('textbox', { name: 'Teléfono' }).fill('11 4444-5555');
    await inline.getByRole('button', { name: 'Crear deudor' }).click();
    await expect(main(page).getByText('Sosa, Marta')).toBeVisible();

    await pick(page, /^Compañía/, 'Frávega S.A.');
    const original = main(page).getByRole('textbox', { name: 'Importe original' });
    await original.pressSequentially('1.500,00');
    await main(page).getByRole('textbox', { name: 'Referencia del cliente' }).fill(`E2E-${dni}`);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/debts\/view\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Detalle de deuda' })).toBeVisible();
    await expect(amount(page, 'saldo')).toHaveText('$ 1.500,00');
    await expect(main(page).getByText('11 4444-5555')).toBeVisible();

    // A plan of 3 quotas, previewed before confirming.
    const plan = page.getByRole('form', { name: 'Nuevo plan de pagos' });
    await expect(
      plan.getByRole('table', { name: 'Vista previa de las cuotas' }).getByText('$ 500,00'),
    ).toHaveCount(3);
    await plan.getByRole('button', { name: 'Confirmar plan de 3 cuotas' }).click();
    // One last look, in a sentence, before it exists (issue 32).
    const confirm = page.getByRole('dialog', { name: 'Confirmar el plan de pagos' });
    await expect(confirm).toContainText('3 cuotas mensuales de $ 500,00 por un total de $ 1.500,00');
    await confirm.getByRole('button', { name: 'Crear el plan' }).click();
    await expect(page.getByRole('row', { name: 'Cuota 3' })).toBeVisible();
    await expect(main(page).getByText('En convenio')).toBeVisible();

    // Pay one: the header follows without a reload.
    await page.getByRole('button', { name: 'Pagar la cuota 1' }).click();
    const pay = page.getByRole('dialog', { name: 'Pagar la cuota 1' });
    await pay.getByRole('textbox', { name: 'N.º de comprobante' }).fill('R-0001');
    await pay.getByRole('button', { name: 'Confirmar pago de $ 500,00' }).click();
    await expect(amount(page, 'saldo')).toHaveText('$ 1.000,00');
    await expect(amount(page, 'pagado')).toHaveText('$ 500,00');
    await expect(page.getByRole('row', { name: 'Cuota 1' })).toContainText('Pagada');

    // A contact in the timeline.
    await page.getByRole('tab', { name: 'Gestiones' }).click();
    await page.getByRole('button', { name: 'Registrar gestión' }).click();
    const contact = page.getByRole('dialog', { name: 'Registrar gestión' });
    await contact.getByLabel(/^Tipo de gestión/).click();
    await page.getByRole('option', { name: callType }).click();
    await contact.getByRole('textbox', { name: 'Detalle' }).fill('Promete pagar la cuota 2 el viernes.');
    await contact.getByRole('button', { name: 'Guardar' }).click();
    // Outside the contact hours (issue 18) a call asks for confirmation first.
    const logged = main(page).getByText('Promete pagar la cuota 2 el viernes.');
    const anyway = contact.getByRole('button', { name: 'Registrar igual' });
    await expect(logged.or(anyway)).toBeVisible();
    if (await anyway.isVisible()) await anyway.click();
    await expect(logged).toBeVisible();
    await expect(main(page).getByText(callType)).toBeVisible();

    // An observation, then edited: the list reloads each time.
    await page.getByRole('tab', { name: 'Observaciones' }).click();
    await page.getByRole('button', { name: 'Agregar observación' }).click();
    let note = page.getByRole('dialog', { name: 'Agregar observación' });
    await note.getByRole('textbox', { name: 'Observación' }).fill('Trabaja en relación de dependencia.');
    await note.getByRole('button', { name: 'Guardar' }).click();
    await expect(main(page).getByText('Trabaja en relación de dependencia.')).toBeVisible();
    await page.getByRole('button', { name: 'Editar la observación' }).click();
    note = page.getByRole('dialog', { name: 'Editar observación' });
    await note
      .getByRole('textbox', { name: 'Observación' })
      .fill('Trabaja en relación de dependencia (Coto).');
    await note.getByRole('button', { name: 'Guardar' }).click();
    await expect(main(page).getByText('Trabaja en relación de dependencia (Coto).')).toBeVisible();

    // A document, uploaded and listed.
    await page.getByRole('tab', { name: 'Documentos' }).click();
    await page.getByLabel('Subir documentos').setInputFiles({
      name: 'convenio.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await expect(page.getByRole('row', { name: 'Documento convenio.pdf' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar convenio.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('convenio.pdf');
    await expect(page.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);

    // The search now finds the debtor and the debt with its balance.
    await search.fill(dni);
    await search.press('Enter');
    const results = page.getByRole('region', { name: /Resultado para DNI\/CUIT/ });
    await expect(results.getByText('Sosa, Marta')).toBeVisible();
    await expect(results.getByRole('link', { name: /^Abrir deuda N\.º/ })).toContainText('$ 1.000,00');
    await expect(results.getByRole('link', { name: /^Abrir deuda N\.º/ })).toContainText('Frávega S.A.');
  });

  test("CLIENTE sees its company's debt read-only and cannot open another company's", async ({
    page,
    signIn,
  }) => {
    const fravega = await companyId(page, 'Frávega S.A.');
    const other = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/companies', {
      name: unique('Otra Acreedora S.A.'),
      cuit: uniqueCuit(),
    });
    const debtor = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
      dni: runDni(),
      firstName: 'Rosa',
      lastName: 'Luna',
    });
    const own = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
      debtorId: debtor.id,
      companyId: fravega,
      originalAmount: '2500.00',
    });
    const foreign = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
      debtorId: debtor.id,
      companyId: other.id,
      originalAmount: '900.00',
    });
    await apiCall(page, 'ADMIN', 'POST', '/quotas/plan', {
      debtId: own.id,
      installments: 2,
      firstDueDate: '2030-01-10',
    });

    await signIn('CLIENTE', `/debts/view/${own.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Detalle de deuda' })).toBeVisible();
    await expect(main(page).getByText('Luna, Rosa')).toBeVisible();
    await expect(main(page).getByText('Solo lectura')).toBeVisible();
    await expect(amount(page, 'saldo')).toHaveText('$ 2.500,00');
    await expect(page.getByRole('row', { name: 'Cuota 2' })).toBeVisible();
    for (const name of [
      'Editar',
      'Cambiar etapa',
      'Cambiar estado',
      'Pagar la cuota 1',
      'Mora de la cuota 1',
    ]) {
      await expect(main(page).getByRole('button', { name })).toHaveCount(0);
    }
    await expect(main(page).getByRole('link', { name: 'Editar' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Tareas' })).toHaveCount(0);
    // The agency's internal notes are not its (issue 32): no tab, and the API answers 403.
    await expect(page.getByRole('tab', { name: 'Observaciones' })).toHaveCount(0);

    await page.goto(`/debts/view/${foreign.id}`);
    await expect(main(page).getByText('La deuda no existe o no tiene acceso')).toBeVisible();
    await expect(main(page).getByText('$ 900,00')).toHaveCount(0);
  });

  test('GENERAL moves a debt to the judicial stage; it leaves a trace and shows in Deudas judiciales', async ({
    page,
    signIn,
  }) => {
    const debt = await debtOfNewDebtor(page, 'Hugo', 'Paz', { debtTypeId: 2, originalAmount: '3000.00' });

    await signIn('GENERAL', `/debts/view/${debt.id}`);
    await page.getByRole('button', { name: 'Cambiar etapa' }).click();
    await page.getByRole('menuitem', { name: 'Pasar a judicial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pasar a judicial' });
    await dialog.getByRole('textbox', { name: 'Juzgado' }).fill('Juzgado Civil N.º 5');
    await dialog.getByRole('textbox', { name: 'N.º de expediente' }).fill('EXP-123/2026');
    await dialog.getByRole('textbox', { name: 'Comentario' }).fill('Demanda presentada.');
    await dialog.getByRole('button', { name: 'Pasar a judicial' }).click();
    await expect(main(page).getByText('Juzgado Civil N.º 5')).toBeVisible();

    await page.getByRole('tab', { name: 'Gestiones' }).click();
    await expect(
      main(page).getByText('Cambio de etapa: Extrajudicial → Judicial. Demanda presentada.'),
    ).toBeVisible();

    await page.goto('/debts/type/3');
    await expect(page.getByRole('heading', { level: 1, name: 'Deudas judiciales' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`deuda N\\.º ${debt.id} de`) })).toBeVisible();
    await expect(main(page).getByLabel('Totales')).toContainText('Saldo total');
  });
  test("ADMIN undoes a quota's payment from the quota, then archives the debt: no new payments, a trace in Gestiones", async ({
    page,
    signIn,
  }) => {
    const debt = await debtOfNewDebtor(page, 'Inés', 'Vera', { originalAmount: '1000.00' });
    const plan = await apiCall<{ quotas: { id: number }[] }>(page, 'ADMIN', 'POST', '/quotas/plan', {
      debtId: debt.id,
      installments: 2,
      firstDueDate: '2030-01-10',
    });
    await apiCall(page, 'ADMIN', 'PATCH', `/quotas/${plan.quotas[0]?.id}/pay`, {});

    await signIn('ADMIN', `/debts/view/${debt.id}`);
    await expect(amount(page, 'saldo')).toHaveText('$ 500,00');
    // In Pagos the quota's payment has no delete button: it is undone from its quota.
    await page.getByRole('tab', { name: 'Pagos' }).click();
    await expect(page.getByRole('row', { name: /Pago de \$ 500,00/ })).toContainText('Cuota del plan');
    await expect(page.getByRole('button', { name: /^Eliminar Pago/ })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Cuotas' }).click();
    await page.getByRole('button', { name: 'Anular el pago de la cuota 1' }).click();
    const undo = page.getByRole('dialog', { name: 'Anular el pago de la cuota 1' });
    await undo.getByRole('button', { name: 'Anular pago' }).click();
    await expect(amount(page, 'saldo')).toHaveText('$ 1.000,00');
    await expect(page.getByRole('button', { name: 'Pagar la cuota 1' })).toBeVisible();

    // En convenio with its plan: it may be archived (not cancelled: it still owes).
    await page.getByRole('button', { name: 'Cambiar estado' }).click();
    await expect(page.getByRole('menuitem', { name: 'Pasar a cancelada' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Pasar a archivada' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pasar a archivada' });
    await dialog.getByRole('textbox', { name: 'Comentario' }).fill('El deudor se mudó al exterior.');
    await dialog.getByRole('button', { name: 'Pasar a archivada' }).click();
    await expect(main(page).getByText(/^La deuda está archivada: no admite nuevos pagos/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pagar la cuota 1' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Pagos' }).click();
    await expect(page.getByRole('button', { name: 'Registrar pago' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Gestiones' }).click();
    await expect(
      main(page).getByText('Cambio de estado: EN_CONVENIO → ARCHIVADA. El deudor se mudó al exterior.'),
    ).toBeVisible();
  });

  test('GENERAL marks a phone celular and another fijo: WhatsApp follows the mark (issue 32)', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(60_000);
    const debtor = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
      dni: runDni(),
      firstName: 'Irma',
      lastName: unique('Quiroga'),
      phone: '351 584-7753',
      altPhone: '(0351) 422-1234',
    });
    const debt = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
      debtorId: debtor.id,
      companyId: await companyId(page, 'Frávega S.A.'),
      originalAmount: '1200.00',
    });
    await signIn('GENERAL', `/debts/view/${debt.id}`);
    const header = page.getByRole('region', { name: 'Resumen de la deuda' });
    // The first visit loads the debt page's chunk: on a busy machine that takes a while.
    await expect(header.getByText('(0351) 422-1234')).toBeVisible({ timeout: 20_000 });
    // Unknown numbers that can be mobiles: a link that says it is a guess, and the question.
    await expect(
      header.getByRole('link', { name: /^Puede ser un celular: escribir por WhatsApp/ }),
    ).toHaveCount(2);
    await header.getByRole('button', { name: 'Tipo de línea de (0351) 422-1234' }).click();
    await page.getByRole('menuitem', { name: 'Es fijo' }).click();
    await expect(header.getByText('Fijo', { exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: /WhatsApp.*\(0351\) 422-1234/ })).toHaveCount(0);

    await header.getByRole('button', { name: 'Tipo de línea de 351 584-7753' }).click();
    await page.getByRole('menuitem', { name: 'Es celular' }).click();
    await expect(header.getByText('Celular', { exact: true })).toBeVisible();
    const link = header.getByRole('link', { name: /^Escribir por WhatsApp a .* \(351 584-7753\)$/ });
    await expect(link).toHaveAttribute('href', /^https:\/\/wa\.me\/5493515847753\?text=Hola%20Irma/);
    await expect(header.getByRole('button', { name: /^Tipo de línea/ })).toHaveCount(0);

    // Kept: after a reload, and in the debtor's form.
    await page.reload();
    await expect(header.getByText('Celular', { exact: true })).toBeVisible();
    await page.goto(`/debtors/edit/${debtor.id}`);
    await expect(
      main(page).getByRole('combobox', { name: 'Tipo de línea (teléfono)', exact: true }),
    ).toHaveValue('Celular');
    await expect(
      main(page).getByRole('combobox', { name: 'Tipo de línea (teléfono alternativo)' }),
    ).toHaveValue('Fijo');
  });
});

/** Texts the product shows or answers, exact where SPEC.md gives them. */
export const MESSAGES = {
  // SPEC.md §8 and DESIGN.md §5–§6 (contract: the server's own English messages are read by the web)
  invalidCredentials: 'Invalid credentials',
  tokenExpired: 'Token is Expired',
  unauthorized: 'Unauthorized',
  forbidden: 'No tiene permisos para ingresar aqui',
  loginWrong: 'Contraseña o usuario incorrecto, intenta de nuevo.',
  unknownError: 'Error desconocido',
  routingError: 'Ocurrio un error, por favor contacte con el administrador del sitio',
  // our own, where the spec is silent
  tooManyAttempts: 'Demasiados intentos fallidos. Espere unos minutos e intente de nuevo.',
  tooManyRequests: 'Demasiadas solicitudes. Espere un momento e intente de nuevo.',
  notFound: 'No se encontró el recurso solicitado.',
  referencedNotFound: 'El registro relacionado no existe.',
  routeNotFound: 'La ruta solicitada no existe.',
  invalidInput: 'Los datos enviados no son válidos.',
  invalidId: 'El identificador no es válido.',
  formFieldTooLong: (bytes: number) =>
    `Es demasiado largo: el máximo es de ${bytes >= 1024 ? `${Math.floor(bytes / 1024)} KB` : `${bytes} bytes`}.`,
  notOneLine: 'Debe ser una sola línea, sin tabulaciones ni caracteres de control o de dirección del texto.',
  notANote: 'No puede tener caracteres de control ni de dirección del texto.',
  conflict: 'El registro entra en conflicto con otro existente.',
  referenced: 'No se puede eliminar: el registro está en uso.',
  payloadTooLarge: 'El contenido enviado es demasiado grande.',
  internalError: 'Ocurrió un error interno. Intente de nuevo más tarde.',
  aliasTaken: 'Ya existe un usuario con ese alias.',
  cuitTaken: 'Ya existe una compañía con ese CUIT.',
  userTypeTaken: 'Ya existe un tipo de usuario con ese nombre.',
  companyRequiredForClient: 'La compañía es obligatoria para usuarios CLIENTE.',
  companyNotFound: 'La compañía indicada no existe.',
  userTypeNotFound: 'El tipo de usuario indicado no existe.',
  cannotDeleteSelf: 'No puede eliminar su propio usuario.',
  endBeforeStart: 'El fin no puede ser anterior al inicio.',
  fixedRecord: 'Este registro es parte de la configuración del sistema y no se puede modificar ni eliminar.',
  required: 'Este campo es obligatorio.',
  invalidDni: 'El DNI debe tener 7 u 8 dígitos.',
  invalidCuit: 'El CUIT no es válido.',
  invalidCbu: 'El CBU no es válido: debe tener 22 dígitos y sus dígitos verificadores deben coincidir.',
  invalidCbuAlias: 'El alias debe tener entre 6 y 20 caracteres: letras, números, puntos o guiones.',
  invalidEmail: 'El correo electrónico no es válido.',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres.',
  currentPasswordWrong: 'La contraseña actual no es correcta.',
  samePassword: 'La nueva contraseña debe ser distinta de la actual.',
  passwordsDiffer: 'Las dos contraseñas nuevas no coinciden.',
  tooLong: (max: number) => `Debe tener como máximo ${max} caracteres.`,
  concurrentChange: 'Otro usuario modificó estos datos al mismo tiempo. Intente de nuevo.',
  nameTaken: 'Ya existe un registro con ese nombre.',
  debtorDniTaken: 'Ya existe un deudor con ese DNI.',
  debtorCuitTaken: 'Ya existe un deudor con ese CUIT.',
  debtorNotFound: 'El deudor indicado no existe.',
  debtorNotFoundByDni: 'No se encontró un deudor con ese DNI o CUIT.',
  debtNotFound: 'La deuda indicada no existe.',
  debtTypeNotFound: 'El tipo de deuda indicado no existe.',
  sameStage: 'La deuda ya está en esa etapa.',
  collectionTypeNotFound: 'El tipo de cobranza indicado no existe.',
  eventTypeNotFound: 'El tipo de evento indicado no existe.',
  eventSubTypeNotFound: 'El subtipo de evento indicado no existe.',
  eventHistoryTypeNotFound: 'El resultado de contacto indicado no existe.',
  eventSubTypeMismatch: 'El subtipo no corresponde al tipo de evento elegido.',
  eventHistoryTypeMismatch: 'El resultado no corresponde al tipo de evento elegido.',
  eventHistoryTypesNotFound: 'Alguno de los resultados de contacto indicados no existe.',
  embargoTypeNotFound: 'El tipo de embargo indicado no existe.',
  userNotFound: 'El usuario indicado no existe.',
  quotaNumberTaken: 'Ya existe una cuota con ese número para esta deuda.',
  quotaAlreadyPaid: 'La cuota ya está pagada.',
  quotaNotDue: 'La cuota todavía no venció: indique el importe de la mora.',
  unpaidQuotasExist: 'La deuda ya tiene cuotas sin pagar: no se puede crear otro plan de pagos.',
  planTooSmall: 'El total no alcanza para esa cantidad de cuotas (al menos $ 0,01 cada una).',
  noBalance: 'La deuda no tiene saldo para financiar.',
  multipartRequired: 'Envíe el archivo como multipart/form-data, en el campo "file".',
  fileRequired: 'Adjunte un archivo en el campo "file".',
  fileEmpty: 'El archivo está vacío.',
  fileTooLarge: 'El archivo supera el máximo de 20 MB.',
  oneFileOnly: 'Envíe un solo archivo por vez.',
  fileTypeNotAllowed:
    'Tipo de archivo no permitido: se aceptan PDF, imágenes (PNG, JPG, WEBP, GIF), Office (DOC, DOCX, XLS, XLSX, PPTX), texto y CSV.',
  documentOwnerRequired: 'Indique la deuda (debtId) o el deudor (debtorId) del documento.',
  documentOwnerMismatch: 'La deuda indicada no pertenece a ese deudor.',
  documentFileMissing: 'El archivo de este documento ya no está disponible.',
  invalidPeriod: 'La fecha de fin no puede ser anterior a la de inicio.',
  // issue 14 — the books (debt balance, settled quotas, debt status)
  paymentExceedsBalance: (balance: string) => `El pago supera el saldo de la deuda (${balance}).`,
  depositExceedsBalance: (balance: string) => `El depósito supera el saldo de la deuda (${balance}).`,
  originalBelowPaid: (minimum: string) =>
    `El importe original no puede ser menor que lo ya pagado: debe ser al menos ${minimum}.`,
  balanceWouldBeNegative: (balance: string) =>
    `No se puede: el saldo de la deuda quedaría negativo (${balance}).`,
  planExceedsBalance: (balance: string) => `El plan supera el saldo de la deuda (${balance}).`,
  quotasExceedBalance: (unpaid: string, balance: string) =>
    `Las cuotas sin pagar sumarían ${unpaid} y superarían el saldo de la deuda (${balance}).`,
  planAboveOwed: (unpaid: string, owed: string) =>
    `La deuda tiene cuotas sin pagar por ${unpaid}: este movimiento la dejaría debiendo ${owed}, menos que su plan. Registre el pago en las cuotas («Pagar cuota»).`,
  quotaPaymentLocked:
    'Este pago salda una cuota del plan: no se modifica ni se elimina por separado. Anule el pago desde la cuota.',
  quotaNotPaid: 'La cuota no está pagada.',
  debtClosed: (status: string) =>
    `La deuda está ${status}: no admite nuevos pagos, depósitos, servicios, cuotas, planes ni mora. Para reabrirla, cambie su estado.`,
  useStageChange:
    'La etapa se cambia con «Cambiar etapa» (PATCH /api/debts/{id}/stage), no al editar la deuda.',
  useStatusChange:
    'El estado se cambia con «Cambiar estado» (PATCH /api/debts/{id}/status), no al editar la deuda.',
  newDebtStatus: 'Una deuda nueva empieza activa: su estado se cambia después con «Cambiar estado».',
  sameStatus: 'La deuda ya está en ese estado.',
  statusTransitionNotAllowed: (from: string, to: string) => `Una deuda ${from} no puede pasar a ${to}.`,
  cancelNeedsZeroBalance: (balance: string) =>
    `Solo se cancela una deuda sin saldo: todavía se deben ${balance}.`,
  statusNeedsBalance: (status: string) => `Una deuda sin saldo no puede quedar ${status}.`,
  agreementNeedsPlan: 'Una deuda queda en convenio con un plan de pagos: no tiene cuotas sin pagar.',
  balanceSettled: 'El saldo llegó a cero.',
  balanceReopened: (balance: string) => `La deuda volvió a tener saldo (${balance}).`,
  planAgreed: (installments: number, total: string) =>
    `Plan de pagos de ${installments} ${installments === 1 ? 'cuota' : 'cuotas'} por ${total}.`,
  // issue 14 — users, companies and input edges
  lastAdmin:
    'Debe quedar al menos un administrador activo: no se puede quitar el rol de administrador, desactivar ni eliminar al último.',
  userHasHistory:
    'No se puede eliminar un usuario con actividad registrada (pagos, gestiones, observaciones, tareas, documentos, deudas asignadas o cambios): desactívelo en su lugar.',
  assigneeNotStaff: 'La deuda solo se puede asignar a un usuario activo de la agencia (ADMIN o GENERAL).',
  unknownParam: 'Este parámetro no existe en esta lista.',
  // issue 14 — requests, tokens and headers
  headersTooLarge: 'Las cabeceras del pedido son demasiado grandes.',
  requestTimeout: 'El pedido tardó demasiado en llegar.',
  malformedRequest: 'El pedido HTTP está mal formado.',
  urlTooLong: 'La dirección del pedido es demasiado larga.',
  shuttingDown: 'El servidor se está reiniciando. Intente de nuevo en unos segundos.',
  // issue 17 — rate tables
  rateTableNameTaken: 'Ya existe una tabla de tasas con ese nombre.',
  rateTableInUse: 'No se puede eliminar: hay deudas que usan esta tabla de tasas.',
  rateTableNotFound: 'La tabla de tasas indicada no existe.',
  annualRateInvalid: 'Tasa inválida: use un número entre 0 y 999,99 con hasta dos decimales (ej. 45,25).',
  rateTableDuplicateFrom: (date: string) => `Hay más de una tasa desde la misma fecha (${date}).`,
  rateTableTooManyEntries: (max: number) => `Una tabla de tasas admite como máximo ${max} tasas.`,
  rateImportTooLarge: 'El archivo supera el máximo de 1 MB.',
  rateImportNotText: 'El archivo debe ser de texto (CSV) con líneas «fecha;tasa».',
  rateImportNothingValid: 'El archivo no tiene ninguna línea válida «fecha;tasa»: no se importó nada.',
  rateImportColumns: 'La línea debe tener dos columnas: fecha y tasa.',
  rateImportBadDate: 'Fecha inválida: use dd/mm/aaaa o aaaa-mm-dd.',
  rateImportBadRate: 'Tasa inválida: use un número entre 0 y 999,99 con hasta dos decimales (ej. 45,25).',
  rateImportCommaRate: 'Con la coma como separador, la tasa debe usar punto decimal (ej. 45.25).',
  rateImportRepeated: (line: number) => `La fecha ya figura en la línea ${line}: se conserva esa.`,
  // issue 17 — the balance to date of a page of debts (GET /debts/balances)
  // issue 18 — promises to pay
  // issue 31 — dates of the amount owed and of money
  dateBeforeDebt: (start: string) => `La fecha es anterior a la deuda (${start}): no hay saldo a esa fecha.`,
  moneyDateAfterToday: 'La fecha no puede ser posterior a hoy.',
  moneyDateBeforeDebt: (start: string) => `La fecha no puede ser anterior a la deuda (${start}).`,
  quotaPaymentUndone: (number: number) => `Pago de la cuota ${number} anulado desde la cuota.`,
  quotaMoraReplaced: (number: number) => `Mora de la cuota ${number} reemplazada.`,
  quotaMoraNote: (number: number) => `Mora de la cuota ${number}.`,
  planInterestNote: (day: string) =>
    `Intereses y punitorios al ${day}, incluidos en el plan de pagos acordado ese día.`,
  promiseAboveOwed: (amount: string, owed: string) =>
    `La promesa de ${amount} supera lo que la deuda debe hoy (${owed}).`,
  promiseTooFar: (lastDay: string, days: number) =>
    `La fecha prometida no puede ser posterior al ${lastDay}: la compañía acepta promesas hasta ${days} días desde hoy.`,
  promiseSettled:
    'La promesa ya se cumplió o venció: su importe y su fecha quedan como se prometieron. Tome una nueva promesa.',
  // issue 17 — an original amount below what was paid with its interest
  originalBelowOwed:
    'El importe original no alcanza a cubrir lo ya pagado con sus intereses: la deuda quedaría con saldo negativo.',
  balanceIdsInvalid: 'Indique los números de deuda separados por comas (ej. 12,15,20).',
  balanceIdsTooMany: (max: number) => `Se pueden pedir como máximo ${max} deudas por vez.`,
  // issue 17 — agency settings and receipts
  agencyLogoTooLarge: 'El logo supera el máximo de 300 KB.',
  agencyLogoType: 'El logo debe ser una imagen PNG o JPEG.',
  agencyLogoUnreadable: 'No se pudo leer la imagen del logo: el archivo está dañado.',
  agencyLogoTooManyPixels: (width: number, height: number, maxSide: number) =>
    `El logo mide ${width} × ${height} píxeles: el máximo es ${maxSide} × ${maxSide}. Achíquelo y vuelva a subirlo.`,
  agencyLogoMissing: 'La agencia no tiene logo cargado.',
  // issue 17 — letter templates and letters
  letterTemplateCodeTaken: 'Ya existe un modelo de carta con ese código.',
  letterTemplateInStrategy: (strategy: string) =>
    `La estrategia «${strategy}» usa este modelo: quítelo de ella antes de borrarlo o cambiarle el código.`,
  letterTemplateWaiting: (letters: number) =>
    `${letters === 1 ? 'Hay 1 carta' : `Hay ${letters} cartas`} de este modelo esperando impresión: imprímalas antes de borrarlo o cambiarle el código.`,
  letterTemplateCodeInvalid:
    'El código admite solo minúsculas sin acentos, números y guiones (ej. intimacion-2).',
  letterTemplateKindInvalid: 'El tipo debe ser intimación, propuesta, libre deuda u otra.',
  letterUnknownFields: (names: string[]) =>
    names.length === 1
      ? `El campo {{${names[0]}}} no existe: use uno de la lista de campos.`
      : `Los campos ${names.map((name) => `{{${name}}}`).join(', ')} no existen: use los de la lista de campos.`,
  letterNotFree: (total: string, date: string) =>
    `La deuda tiene saldo de ${total} al ${date}: no se puede emitir el libre deuda.`,
  // issue 18 — contact rules (docs/decisions.md «Reglas de contacto»)
  contactDaysRequired: 'Elija al menos un día de contacto.',
  contactDayInvalid: 'Día inválido: use 1 (lunes) a 7 (domingo).',
  contactTimeInvalid: 'Ingrese la hora como HH:MM (ej. 08:00; 24:00 es el fin del día).',
  contactFromRequired: 'Indique desde qué hora se puede contactar.',
  contactToRequired: 'Indique hasta qué hora se puede contactar.',
  contactHoursOrder: 'La hora de fin debe ser posterior a la de inicio.',
  maxAttemptsPerDayRange: 'Los intentos por día son un número entero de 1 a 50 (vacío: sin límite).',
  maxAttemptsPerWeekRange: 'Los intentos por semana son un número entero de 1 a 200 (vacío: sin límite).',
  channelOwnerInvalid: 'Elija de quién es: del deudor, laboral o de un tercero.',
  contactChannelInvalid: 'Elija un teléfono o correo del deudor.',
  contactTaskTimeInvalid: 'Ingrese la hora como HH:MM (ej. 16:30).',
  contactTaskInPast: 'La próxima tarea debe quedar para más adelante, no en el pasado.',
  contactChannelEmpty: (channel: string) => `El deudor no tiene cargado ${channel}.`,
  contactDisputed: (date: string) =>
    `El deudor desconoció esta deuda desde el portal el ${date}: no se lo contacta hasta que se resuelva su pedido.`,
  contactChannelClosed: (channel: string, date: string) =>
    `El deudor pidió no ser contactado por ${channel} (desde el ${date}): no se puede usar.`,
  contactThirdParty: (channel: string, owner: string) =>
    `${channel} es ${owner}. La Ley 24.240 (art. 8 bis, trato digno) y la Ley 6171 de la Ciudad de Buenos Aires (cobranza extrajudicial) prohíben informar la deuda a empleadores, vecinos o familiares: hable solo con el deudor y no mencione la deuda a nadie más.`,
  contactOutsideHours: (hours: string) =>
    `Fuera del horario de contacto (${hours}). Si registra la llamada igual, quedará marcada como fuera de horario.`,
  contactAttemptsPerDay: (max: number) =>
    `El deudor ya tuvo ${max} ${max === 1 ? 'intento' : 'intentos'} de contacto hoy: es el máximo por día que fijó la compañía.`,
  contactAttemptsPerWeek: (max: number) =>
    `El deudor ya tuvo ${max} ${max === 1 ? 'intento' : 'intentos'} de contacto esta semana: es el máximo por semana que fijó la compañía.`,
} as const;

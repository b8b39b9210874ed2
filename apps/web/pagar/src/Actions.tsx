/** @jsxImportSource preact */
import type { PaymentIntent, PortalDebt, PortalOverview } from '@cobranzas/shared';
import { PORTAL_CALLBACK_MAX_DAYS, PORTAL_MESSAGES, type PortalPayKind } from '@cobranzas/shared/portal';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, post, upload } from './api';
import { DOCUMENT_ACCEPT, documentProblem, fileSize } from './files';
import { agencyInstant, agencyToday, cents, day, dayTime, money, parseAmount } from './format';
import { useFocus, useSubmit } from './hooks';
import { Field, FormError, Money } from './ui';

type Action = 'pay' | 'promise' | 'callback' | 'dispute' | 'document';
type Errors = Record<string, string[]>;
const BAD_AMOUNT = 'Escriba un importe, por ejemplo 1234,56.';

interface ActionProps {
  debt: PortalDebt;
  channel: PortalOverview['payments'];
  hours: string;
  /** The open dispute has a document already (known here): none is offered. */
  attached: boolean;
  onAttached: () => void;
  /** What it ended with: its success, and what went wrong on the way (a document not attached). */
  onDone: Done;
  onTransfer: (intent: PaymentIntent) => Promise<void>;
}
type Done = (done: string | null, problem?: string | null) => Promise<void>;
type Saved = { documentId: number; fileName: string };

/** The open debt's actions: one form at a time, each checked, then confirmed, then sent. */
export function Actions(props: ActionProps) {
  const { debt } = props;
  const [open, setOpen] = useState<Action | null>(null);
  const owes = cents(debt.total) > 0n;
  const buttons: [Action, string][] = [
    ...(owes ? ([['pay', 'Pagar']] as [Action, string][]) : []),
    ['promise', 'Prometer un pago'],
    ['callback', 'Pedir que me llamen'],
    ...(debt.disputed
      ? props.attached
        ? []
        : ([['document', 'Adjuntar un comprobante']] as [Action, string][])
      : ([['dispute', 'No reconozco esta deuda']] as [Action, string][])),
  ];
  const panel = `debt-${debt.id}-action`;
  const close = () => setOpen(null);
  const finish: Done = (done, problem) => {
    setOpen(null);
    return props.onDone(done, problem);
  };
  return (
    <div class="actions-area">
      <div class="actions">
        {buttons.map(([action, label]) => (
          <button
            key={action}
            type="button"
            class={action === 'pay' ? '' : 'secondary'}
            aria-expanded={open === action}
            aria-controls={panel}
            onClick={() => setOpen((now) => (now === action ? null : action))}
          >
            {label}
          </button>
        ))}
      </div>
      <div id={panel}>
        {open === 'pay' ? (
          <PayForm
            {...props}
            onCancel={close}
            onTransfer={(intent) => {
              setOpen(null);
              return props.onTransfer(intent);
            }}
          />
        ) : null}
        {open === 'promise' ? <PromiseForm debt={debt} onCancel={close} onDone={finish} /> : null}
        {open === 'callback' ? (
          <CallbackForm debt={debt} hours={props.hours} onCancel={close} onDone={finish} />
        ) : null}
        {open === 'dispute' ? (
          <DisputeForm debt={debt} onCancel={close} onDone={finish} onAttached={props.onAttached} />
        ) : null}
        {open === 'document' && debt.disputed ? (
          <DocumentForm debt={debt} onCancel={close} onDone={finish} onAttached={props.onAttached} />
        ) : null}
      </div>
    </div>
  );
}

/**
 * A form in two steps: its fields, then «¿Confirma…?» with what will be sent. A refusal goes back to
 * the fields with the API's words.
 */
function TwoStep(props: {
  id: string;
  title: string;
  confirming: string | null;
  sending: boolean;
  confirmLabel: string;
  error: string | null;
  fields: Errors;
  shown: string[];
  onSubmit: () => void;
  onBack: () => void;
  onCancel: () => void;
  children: ComponentChildren;
}) {
  const summary = useFocus<HTMLParagraphElement>(props.confirming);
  const heading = useFocus<HTMLHeadingElement>(true);
  return (
    <form
      class="panel"
      aria-labelledby={`${props.id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <h4 id={`${props.id}-title`} class="h4" ref={heading} tabIndex={-1}>
        {props.title}
      </h4>
      {props.confirming ? (
        <div class="confirm">
          <p ref={summary} tabIndex={-1}>
            {props.confirming}
          </p>
          <FormError error={props.error} fields={props.fields} />
          <div class="stack">
            <button type="submit" disabled={props.sending}>
              {props.sending ? 'Enviando…' : props.confirmLabel}
            </button>
            <button type="button" class="secondary" onClick={props.onBack} disabled={props.sending}>
              Volver a editar
            </button>
          </div>
        </div>
      ) : (
        <>
          {props.children}
          <FormError error={props.error} fields={props.fields} shown={props.shown} />
          <div class="stack">
            <button type="submit">Continuar</button>
            <button type="button" class="secondary" onClick={props.onCancel}>
              Cancelar
            </button>
          </div>
        </>
      )}
    </form>
  );
}

/** The step machine every form shares: local checks, the confirmation, the call. */
function useTwoStep() {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [local, setLocal] = useState<Errors>({});
  const submit = useSubmit();
  /** `check` answers the errors (none: go on to confirm `summary`). */
  const next = (errors: Errors, summary: string) => {
    setLocal(errors);
    submit.setError(null);
    submit.setFields({});
    if (Object.keys(errors).length === 0) setConfirming(summary);
  };
  const send = async (action: () => Promise<void>) => {
    const ok = await submit.run(action);
    if (!ok) setConfirming(null);
  };
  return {
    confirming,
    back: () => setConfirming(null),
    next,
    send,
    sending: submit.sending,
    error: submit.error,
    errors: { ...submit.fields, ...local } as Errors,
    apiFields: submit.fields,
    /** One field checked on its own (a file, as soon as it is chosen): its error, or none. */
    check: (field: string, problem: string | null) => {
      const { [field]: _old, ...rest } = local;
      const { [field]: _sent, ...sent } = submit.fields;
      setLocal(problem ? { ...rest, [field]: [problem] } : rest);
      submit.setFields(sent);
    },
  };
}

/** Pagar: all it owes today, the next quota, or an amount between the minimum and the total. */
function PayForm(props: ActionProps & { onCancel: () => void }) {
  const { debt } = props;
  const next = debt.plan?.next ?? null;
  const [kind, setKind] = useState<PortalPayKind>('TOTAL');
  const [typed, setTyped] = useState('');
  const [leaving, setLeaving] = useState(false);
  const [amount, setAmount] = useState<string | null>(null);
  const step = useTwoStep();
  const id = `pay-${debt.id}`;
  const show = (value: string) => money(value, debt.currency);
  const online = props.channel === 'MERCADOPAGO';

  const submit = () => {
    if (step.confirming) {
      step.send(async () => {
        const intent = await post<PaymentIntent>(
          `/debts/${debt.id}/pay`,
          kind === 'AMOUNT' ? { kind, amount } : { kind },
        );
        if (intent.redirectUrl) {
          setLeaving(true);
          location.assign(intent.redirectUrl);
          return;
        }
        await props.onTransfer(intent);
      });
      return;
    }
    let chosen: string | null =
      kind === 'TOTAL' ? debt.total : kind === 'NEXT_QUOTA' ? (next?.owed ?? null) : null;
    const errors: Errors = {};
    if (kind === 'AMOUNT') {
      chosen = parseAmount(typed);
      if (!chosen || cents(chosen) <= 0n) errors.amount = [BAD_AMOUNT];
      else if (cents(chosen) < cents(debt.minimumPayment))
        errors.amount = [PORTAL_MESSAGES.belowMinimum(show(debt.minimumPayment))];
      else if (cents(chosen) > cents(debt.total))
        errors.amount = [PORTAL_MESSAGES.aboveTotal(show(debt.total))];
    }
    setAmount(chosen);
    step.next(
      errors,
      `Va a pagar ${show(chosen ?? '0')} de su deuda con ${debt.company}${
        online
          ? ' con Mercado Pago. Lo llevaremos a su página para completar el pago.'
          : ' por transferencia bancaria. Después le mostraremos los datos de la cuenta.'
      }`,
    );
  };

  const choice = (value: PortalPayKind, label: string, detail: ComponentChildren) => (
    <label class="choice">
      <input
        type="radio"
        name={`${id}-kind`}
        value={value}
        checked={kind === value}
        onChange={() => setKind(value)}
      />
      <span>
        <span class="strong">{label}</span>
        <span class="choice-detail">{detail}</span>
      </span>
    </label>
  );

  return (
    <TwoStep
      id={id}
      title="Pagar"
      confirming={step.confirming}
      sending={step.sending || leaving}
      confirmLabel={leaving ? 'Lo llevamos a Mercado Pago…' : online ? 'Ir a pagar' : 'Confirmar'}
      error={step.error}
      fields={step.apiFields}
      shown={['amount', 'kind']}
      onSubmit={submit}
      onBack={step.back}
      onCancel={props.onCancel}
    >
      <fieldset aria-describedby={step.errors.kind ? `${id}-kind-error` : undefined}>
        <legend>¿Qué quiere pagar?</legend>
        {choice('TOTAL', 'Todo lo que debo', <Money value={debt.total} currency={debt.currency} />)}
        {next
          ? choice(
              'NEXT_QUOTA',
              'La próxima cuota',
              <>
                Cuota {next.number}, {next.dueDate < debt.date ? 'venció' : 'vence'} el {day(next.dueDate)}:{' '}
                <Money value={next.owed} currency={debt.currency} />
              </>,
            )
          : null}
        {choice(
          'AMOUNT',
          'Otro importe',
          <>
            Desde <Money value={debt.minimumPayment} currency={debt.currency} /> hasta{' '}
            <Money value={debt.total} currency={debt.currency} />
          </>,
        )}
        {step.errors.kind ? (
          <p class="field-error" id={`${id}-kind-error`} role="alert">
            {step.errors.kind.join(' ')}
          </p>
        ) : null}
      </fieldset>
      {kind === 'AMOUNT' ? (
        <Field
          id={`${id}-amount`}
          label="Importe a pagar"
          hint={
            <>
              Por ejemplo: 1234,56. Mínimo <Money value={debt.minimumPayment} currency={debt.currency} />.
            </>
          }
          errors={step.errors.amount}
        >
          {(aria) => (
            <input
              {...aria}
              inputMode="decimal"
              autoComplete="off"
              value={typed}
              onInput={(event) => setTyped(event.currentTarget.value)}
            />
          )}
        </Field>
      ) : null}
      <p class="hint">
        {online
          ? 'Pagará con Mercado Pago: tarjeta, dinero en cuenta o efectivo.'
          : 'Pagará por transferencia bancaria: le daremos los datos de la cuenta y una referencia.'}
      </p>
    </TwoStep>
  );
}

/** Prometer un pago: an amount and a day, today or later. */
function PromiseForm(props: { debt: PortalDebt; onCancel: () => void; onDone: Done }) {
  const { debt } = props;
  const [typed, setTyped] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [amount, setAmount] = useState<string | null>(null);
  const step = useTwoStep();
  const id = `promise-${debt.id}`;
  const today = agencyToday();

  const submit = () => {
    if (step.confirming) {
      step.send(async () => {
        await post(`/debts/${debt.id}/promise`, { amount, dueDate });
        await props.onDone(
          `Registramos su promesa de pagar ${money(amount ?? '0', debt.currency)} el ${day(dueDate)}. ¡Gracias!`,
        );
      });
      return;
    }
    const parsed = parseAmount(typed);
    const errors: Errors = {};
    if (!parsed || cents(parsed) <= 0n) errors.amount = [BAD_AMOUNT];
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) errors.dueDate = ['Elija el día en que va a pagar.'];
    else if (dueDate < today) errors.dueDate = ['La fecha prometida no puede ser anterior a hoy.'];
    setAmount(parsed);
    step.next(
      errors,
      `Se compromete a pagar ${money(parsed ?? '0', debt.currency)} a ${debt.company} el ${day(dueDate)}.`,
    );
  };

  return (
    <TwoStep
      id={id}
      title="Prometer un pago"
      confirming={step.confirming}
      sending={step.sending}
      confirmLabel="Confirmar la promesa"
      error={step.error}
      fields={step.apiFields}
      shown={['amount', 'dueDate']}
      onSubmit={submit}
      onBack={step.back}
      onCancel={props.onCancel}
    >
      <p class="hint">Díganos cuánto y qué día va a pagar: lo tendremos en cuenta.</p>
      <Field id={`${id}-amount`} label="Importe" hint="Por ejemplo: 1234,56." errors={step.errors.amount}>
        {(aria) => (
          <input
            {...aria}
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            onInput={(event) => setTyped(event.currentTarget.value)}
          />
        )}
      </Field>
      <Field id={`${id}-date`} label="Día de pago" errors={step.errors.dueDate}>
        {(aria) => (
          <input
            {...aria}
            type="date"
            min={today}
            value={dueDate}
            onInput={(event) => setDueDate(event.currentTarget.value)}
          />
        )}
      </Field>
    </TwoStep>
  );
}

const PHONE = /^[\d\s()+-]{6,30}$/;

/** Pedir que me llamen: a day and a time at the agency (UTC−3), a phone and, if wanted, a note. */
function CallbackForm(props: { debt: PortalDebt; hours: string; onCancel: () => void; onDone: Done }) {
  const { debt } = props;
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const step = useTwoStep();
  const id = `callback-${debt.id}`;
  const today = agencyToday();
  const last = agencyToday(PORTAL_CALLBACK_MAX_DAYS);

  const submit = () => {
    const callAt = agencyInstant(date, time);
    if (step.confirming) {
      step.send(async () => {
        await post(`/debts/${debt.id}/callback`, { callAt, phone: phone.trim(), note: note.trim() || null });
        await props.onDone(`Listo: le llamaremos el ${dayTime(callAt)} al ${phone.trim()}.`);
      });
      return;
    }
    const errors: Errors = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.callAt = ['Elija el día.'];
    if (!/^\d{2}:\d{2}$/.test(time)) errors.time = ['Elija la hora.'];
    if (!errors.callAt && date > last)
      errors.callAt = [PORTAL_MESSAGES.callbackTooFar(PORTAL_CALLBACK_MAX_DAYS)];
    else if (!errors.callAt && !errors.time && Date.parse(callAt) <= Date.now())
      errors.callAt = [PORTAL_MESSAGES.callbackPast];
    if (!PHONE.test(phone.trim()))
      errors.phone = ['Ingrese un teléfono con su característica (solo números).'];
    if (note.trim().length > 500) errors.note = ['Hasta 500 caracteres.'];
    step.next(errors, `Le llamaremos el ${day(date)} a las ${time} (hora de Argentina) al ${phone.trim()}.`);
  };

  return (
    <TwoStep
      id={id}
      title="Pedir que me llamen"
      confirming={step.confirming}
      sending={step.sending}
      confirmLabel="Pedir la llamada"
      error={step.error}
      fields={step.apiFields}
      shown={['callAt', 'phone', 'note']}
      onSubmit={submit}
      onBack={step.back}
      onCancel={props.onCancel}
    >
      <p class="hint">Atendemos {props.hours} (hora de Argentina).</p>
      <div class="two">
        <Field id={`${id}-date`} label="Día" errors={step.errors.callAt}>
          {(aria) => (
            <input
              {...aria}
              type="date"
              min={today}
              max={last}
              value={date}
              onInput={(event) => setDate(event.currentTarget.value)}
            />
          )}
        </Field>
        <Field id={`${id}-time`} label="Hora" errors={step.errors.time}>
          {(aria) => (
            <input
              {...aria}
              type="time"
              value={time}
              onInput={(event) => setTime(event.currentTarget.value)}
            />
          )}
        </Field>
      </div>
      <Field
        id={`${id}-phone`}
        label="Teléfono"
        hint="Con la característica, por ejemplo 11 4567-8901."
        errors={step.errors.phone}
      >
        {(aria) => (
          <input
            {...aria}
            type="tel"
            autoComplete="tel"
            maxLength={30}
            value={phone}
            onInput={(event) => setPhone(event.currentTarget.value)}
          />
        )}
      </Field>
      <Field id={`${id}-note`} label="¿De qué quiere hablar? (opcional)" errors={step.errors.note}>
        {(aria) => (
          <textarea
            {...aria}
            maxLength={500}
            rows={3}
            value={note}
            onInput={(event) => setNote(event.currentTarget.value)}
          />
        )}
      </Field>
    </TwoStep>
  );
}

// «5 MB» never split across lines.
const DOCUMENT_LABEL = 'Adjuntar un comprobante (PDF, JPG o PNG, hasta 5\u00a0MB)';

/**
 * The file input of a dispute's document, with what was chosen and «Quitar el archivo». The chosen
 * file is the form's state: the input, rebuilt after «Volver a editar», is given it back.
 */
function FileField(props: {
  id: string;
  file: File | null;
  hint: string;
  errors?: string[] | undefined;
  onFile: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { file } = props;
  useEffect(() => {
    const element = input.current;
    if (!element || !file || element.files?.[0] === file) return;
    try {
      const kept = new DataTransfer();
      kept.items.add(file);
      element.files = kept.files;
    } catch {
      // An older browser: the hint still names the chosen file.
    }
  }, [file]);
  return (
    <Field
      id={props.id}
      label={DOCUMENT_LABEL}
      hint={file ? `Eligió «${file.name}» (${fileSize(file.size)}).` : props.hint}
      errors={props.errors}
    >
      {(aria) => (
        <>
          <input
            {...aria}
            ref={input}
            type="file"
            accept={DOCUMENT_ACCEPT}
            onChange={(event) => props.onFile(event.currentTarget.files?.[0] ?? null)}
          />
          {file ? (
            <button
              type="button"
              class="secondary small remove"
              onClick={() => {
                if (input.current) {
                  input.current.value = '';
                  input.current.focus();
                }
                props.onFile(null);
              }}
            >
              Quitar el archivo
            </button>
          ) : null}
        </>
      )}
    </Field>
  );
}

/** The document after the dispute's 201, or what went wrong with it (the dispute stands). */
async function sendDocument(debtId: number, file: File): Promise<{ saved: Saved } | { problem: string }> {
  try {
    return { saved: await upload<Saved>(`/debts/${debtId}/dispute/document`, file) };
  } catch (caught) {
    if (caught instanceof ApiError && caught.ended) throw caught;
    const why = caught instanceof ApiError ? caught.message : 'Algo salió mal.';
    return {
      problem: `No pudimos adjuntar su comprobante. ${why} Puede intentarlo de nuevo con «Adjuntar un comprobante».`,
    };
  }
}

/** No reconozco esta deuda: why, in at least 10 characters, and a document if the debtor has one. */
function DisputeForm(props: {
  debt: PortalDebt;
  onCancel: () => void;
  onDone: Done;
  onAttached: () => void;
}) {
  const { debt } = props;
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const step = useTwoStep();
  const id = `dispute-${debt.id}`;

  const submit = () => {
    if (step.confirming) {
      step.send(async () => {
        await post(`/debts/${debt.id}/dispute`, { reason: reason.trim() });
        const review = 'La agencia revisará la deuda y no lo contactará por ella mientras tanto.';
        if (!file) {
          await props.onDone(`Recibimos su aviso. ${review}`);
          return;
        }
        const sent = await sendDocument(debt.id, file);
        if ('saved' in sent) {
          props.onAttached();
          await props.onDone(`Recibimos su aviso y su comprobante «${sent.saved.fileName}». ${review}`);
        } else {
          await props.onDone(`Recibimos su aviso. ${review}`, sent.problem);
        }
      });
      return;
    }
    const errors: Errors = {};
    if (reason.trim().length < 10)
      errors.reason = ['Cuéntenos por qué no la reconoce (al menos 10 caracteres).'];
    const problem = file ? documentProblem(file) : null;
    if (problem) errors.file = [problem];
    step.next(
      errors,
      `Va a avisarnos que no reconoce su deuda con ${debt.company}${
        file ? ` y adjuntar «${file.name}»` : ''
      }: la agencia dejará de contactarlo por ella hasta revisarla.`,
    );
  };

  return (
    <TwoStep
      id={id}
      title="No reconozco esta deuda"
      confirming={step.confirming}
      sending={step.sending}
      confirmLabel="Sí, no la reconozco"
      error={step.error}
      fields={step.apiFields}
      shown={['reason', 'file']}
      onSubmit={submit}
      onBack={step.back}
      onCancel={props.onCancel}
    >
      <Field
        id={`${id}-reason`}
        label="¿Por qué no la reconoce?"
        hint="Por ejemplo: nunca tuve una cuenta con esa empresa, o ya la pagué."
        errors={step.errors.reason}
      >
        {(aria) => (
          <textarea
            {...aria}
            rows={4}
            maxLength={2000}
            value={reason}
            onInput={(event) => setReason(event.currentTarget.value)}
          />
        )}
      </Field>
      <FileField
        id={`${id}-file`}
        file={file}
        hint="Opcional: por ejemplo, el recibo de un pago o una nota de la empresa."
        errors={step.errors.file}
        onFile={(chosen) => {
          setFile(chosen);
          step.check('file', chosen ? documentProblem(chosen) : null);
        }}
      />
    </TwoStep>
  );
}

/** Adjuntar un comprobante: the document of a dispute already sent (one per dispute). */
function DocumentForm(props: {
  debt: PortalDebt;
  onCancel: () => void;
  onDone: Done;
  onAttached: () => void;
}) {
  const { debt } = props;
  const [file, setFile] = useState<File | null>(null);
  const step = useTwoStep();
  const id = `document-${debt.id}`;

  const submit = () => {
    if (step.confirming && file) {
      step.send(async () => {
        try {
          const saved = await upload<Saved>(`/debts/${debt.id}/dispute/document`, file);
          props.onAttached();
          await props.onDone(
            `Recibimos su comprobante «${saved.fileName}». La agencia lo verá al revisar la deuda.`,
          );
        } catch (caught) {
          // It has a document already, or the dispute was resolved meanwhile: nothing to retry here.
          if (caught instanceof ApiError && caught.status === 409) {
            props.onAttached();
            await props.onDone(null, caught.message);
            return;
          }
          throw caught;
        }
      });
      return;
    }
    const problem = file ? documentProblem(file) : 'Elija el archivo que quiere adjuntar.';
    step.next(
      problem ? { file: [problem] } : {},
      `Va a adjuntar «${file?.name ?? ''}» a su aviso sobre la deuda con ${debt.company}: la agencia lo verá al revisarla.`,
    );
  };

  return (
    <TwoStep
      id={id}
      title="Adjuntar un comprobante"
      confirming={step.confirming}
      sending={step.sending}
      confirmLabel="Adjuntar"
      error={step.error}
      fields={step.apiFields}
      shown={['file']}
      onSubmit={submit}
      onBack={step.back}
      onCancel={props.onCancel}
    >
      <p class="hint">
        Si tiene un comprobante de por qué no reconoce esta deuda (un recibo, una nota de la empresa), la
        agencia lo verá al revisarla. Puede adjuntar uno solo.
      </p>
      <FileField
        id={`${id}-file`}
        file={file}
        hint="Un PDF o una foto del documento."
        errors={step.errors.file}
        onFile={(chosen) => {
          setFile(chosen);
          step.check('file', chosen ? documentProblem(chosen) : null);
        }}
      />
    </TwoStep>
  );
}

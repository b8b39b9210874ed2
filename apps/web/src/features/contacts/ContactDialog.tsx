import {
  type ContactContext,
  type ContactResult,
  dayMonthYear,
  describeContactHours,
  eventsResource,
  MESSAGES,
  tasksResource,
} from '@cobranzas/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { type FieldPath, FormProvider, useForm } from 'react-hook-form';
import { AppModal } from '../../components/resource/AppModal';
import { fieldErrorsOf, messageOf, statusOf } from '../../components/resource/http';
import { invalidateResources } from '../../lib/resourceQueries';
import { useSession } from '../../lib/useSession';
import { DEBT_REFRESH } from '../debts/common/hooks';
import view from '../debts/view/view.module.css';
import {
  type Confirmation,
  confirmationFor,
  contactKeys,
  fetchContactContext,
  logContact,
  refusalOf,
} from './api';
import { ContactFields } from './ContactFields';
import {
  type ContactFormIn,
  type ContactFormOut,
  contactBody,
  contactFormSchema,
  defaultChannel,
  emptyContactForm,
  loggedMessage,
} from './contactForm';
import classes from './contacts.module.css';
import { rememberEventType } from './lastEventType';
import { RefusalAlert } from './RefusalAlert';

export type ContactDialogProps = {
  debtId: number;
  opened: boolean;
  onClose: () => void;
  /**
   * After a contact is logged (and the debt's data reloaded). The dialog stays open with an empty
   * form: the parent closes it, or gives it the next debt of the queue (a new `debtId`).
   */
  onLogged: (result: ContactResult) => void;
  /** Above the form: which debt this is (the queue names the debtor and links to the file). */
  header?: ReactNode;
};

/**
 * «Registrar gestión» in one step (issue 18): the contact, an optional promise and an optional next
 * task, sent together (POST /contacts, one transaction). Keyboard-first: the type is focused on
 * open, Tab reaches every control, Enter moves to the next field and on the last one saves,
 * Ctrl+Enter saves from anywhere, Escape closes. A warning the API asks to confirm (outside the
 * contact hours, a work or third party's channel) offers «Registrar igual», which resends with the
 * confirmation.
 */
export function ContactDialog({ debtId, opened, onClose, onLogged, header }: ContactDialogProps) {
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title="Registrar gestión"
      size="lg"
      titleClass={view.modalTitle}
    >
      {opened ? header : null}
      {opened ? <ContactForm key={debtId} debtId={debtId} onLogged={onLogged} onClose={onClose} /> : null}
    </AppModal>
  );
}

/** Server fields (POST /contacts) → the form's fields. */
const FIELD_OF: Record<string, FieldPath<ContactFormIn>> = {
  channel: 'channel',
  eventTypeId: 'eventTypeId',
  eventSubTypeId: 'eventSubTypeId',
  eventHistoryTypeId: 'eventHistoryTypeId',
  description: 'description',
  acknowledgment: 'acknowledgment',
  'promise.amount': 'promiseAmount',
  'promise.dueDate': 'promiseDate',
  'task.date': 'taskDate',
  'task.time': 'taskTime',
  'task.description': 'taskDescription',
};

type Warning = { message: string; confirm: Confirmation | undefined };

function ContactForm({ debtId, onLogged, onClose }: Omit<ContactDialogProps, 'opened' | 'header'>) {
  const client = useQueryClient();
  const userId = useSession().userData?.sub;
  const context = useQuery({
    queryKey: contactKeys.context(debtId),
    queryFn: ({ signal }) => fetchContactContext(debtId, signal),
    staleTime: 0,
  });
  const form = useForm<ContactFormIn, unknown, ContactFormOut>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: emptyContactForm(),
    mode: 'onTouched',
  });
  const [warning, setWarning] = useState<Warning | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirmed = useRef(new Set<Confirmation>());
  const busy = useRef(false);
  const { isSubmitting } = form.formState;

  // The contact type first. On open the dialog's focus trap picks it too (`data-autofocus`), so the
  // close button never holds the focus; the next debt of the queue mounts a new form in the open
  // dialog, where only this timer moves the focus. Its text selected: typing replaces a preselected type.
  useEffect(() => {
    const timer = setTimeout(() => form.setFocus('eventTypeId', { shouldSelect: true }));
    return () => clearTimeout(timer);
  }, [form]);

  // The channel starts as the debtor's own phone once the channels are known.
  useEffect(() => {
    if (context.data && !form.getValues('channel')) form.setValue('channel', defaultChannel(context.data));
  }, [context.data, form]);

  const submit = form.handleSubmit(async (values) => {
    if (busy.current) return;
    busy.current = true;
    setError(null);
    setWarning(null);
    try {
      const result = await logContact({
        ...contactBody(debtId, values),
        confirmOutsideHours: confirmed.current.has('confirmOutsideHours'),
        confirmThirdParty: confirmed.current.has('confirmThirdParty'),
      });
      confirmed.current.clear();
      rememberEventType(userId, values.eventTypeId);
      notifications.show({
        color: 'green',
        title: 'Guardado',
        message: loggedMessage(result, context.data?.currency ?? 'ARS'),
      });
      await invalidateResources(client, [eventsResource, tasksResource, ...(DEBT_REFRESH.also ?? [])]);
      await client.invalidateQueries({ queryKey: contactKeys.context(debtId) });
      form.reset(emptyContactForm(defaultChannel(context.data)));
      onLogged(result);
    } catch (failure) {
      const code = refusalOf(failure);
      if (code && statusOf(failure) === 409)
        setWarning({ message: messageOf(failure), confirm: confirmationFor(code) });
      else setError(placeErrors(failure));
    } finally {
      busy.current = false;
    }
  });

  /** A 400's field errors under their fields (the first focused); otherwise the message above the buttons. */
  function placeErrors(failure: unknown): string | null {
    let placed = 0;
    for (const [field, messages] of Object.entries(fieldErrorsOf(failure))) {
      const name = FIELD_OF[field];
      const message = messages[0];
      if (!name || !message) continue;
      form.setError(name, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed++;
    }
    return placed > 0 ? null : messageOf(failure);
  }

  const confirmAndResend = () => {
    if (warning?.confirm) confirmed.current.add(warning.confirm);
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      void submit();
      return;
    }
    const target = event.target;
    if (event.defaultPrevented || !(target instanceof HTMLInputElement)) return;
    event.preventDefault();
    if (target.dataset.lastField !== undefined) void submit();
    else focusNext(event.currentTarget, target);
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} onKeyDown={onKeyDown} noValidate aria-label="Registrar gestión">
        <ContactFacts context={context.data} failed={context.isError} />
        <ContactFields context={context.data} userId={userId} />
        {warning ? (
          <RefusalAlert
            message={warning.message}
            onConfirm={warning.confirm ? confirmAndResend : undefined}
            onDismiss={() => setWarning(null)}
            busy={isSubmitting}
          />
        ) : null}
        {error ? (
          <Alert color="red" variant="light" role="alert" mt="md" title="No se pudo registrar">
            {error}
          </Alert>
        ) : null}
        {/* Stuck to the dialog's bottom edge: «Guardar» in sight however tall the form (900 px screens). */}
        <div className={classes.footer}>
          <p className={classes.keys}>Ctrl+Enter guarda · Enter pasa al campo siguiente · Esc cierra</p>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancelar
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Guardar
            </Button>
          </Group>
        </div>
      </form>
    </FormProvider>
  );
}

/** The next field of the form (Enter inside the dialog moves to it; buttons, e.g. a date's clear, are skipped). */
function focusNext(form: HTMLFormElement, from: HTMLElement) {
  const fields = [...form.querySelectorAll<HTMLElement>('input, textarea')].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.hasAttribute('disabled') &&
      !(element instanceof HTMLInputElement && element.type === 'hidden'),
  );
  fields[fields.indexOf(from) + 1]?.focus();
}

/** The contact hours that apply (and whether now is outside them) and the debtor's attempts so far. */
function ContactFacts({ context, failed }: { context: ContactContext | undefined; failed: boolean }) {
  if (failed)
    return (
      <Alert color="orange" variant="light" mb="sm">
        No se pudieron leer los teléfonos del deudor: solo se puede registrar sin teléfono ni correo.
      </Alert>
    );
  if (!context) return null;
  const { attempts } = context;
  const hours = `${describeContactHours(context.hours)} (${context.companyHours ? 'de la compañía' : 'de la agencia'})`;
  const cap = (n: number, max: number | null) => (max === null ? String(n) : `${n} de ${max}`);
  return (
    <>
      {context.disputedOn === null ? null : (
        <Alert color="red" variant="light" mb="sm" title="Deuda desconocida por el deudor">
          {MESSAGES.contactDisputed(dayMonthYear(context.disputedOn))} Solo se puede registrar sin teléfono ni
          correo.
        </Alert>
      )}
      {context.insideHours ? null : (
        <Alert color="yellow" variant="light" mb="sm" title="Fuera del horario de contacto">
          Horario: {hours}. Una llamada ahora pide confirmación y queda marcada como fuera de horario.
        </Alert>
      )}
      <p className={classes.facts}>
        {context.insideHours ? <span>Horario: {hours}</span> : null}
        <span>
          Intentos del deudor: hoy {cap(attempts.today, attempts.maxPerDay)}, esta semana{' '}
          {cap(attempts.week, attempts.maxPerWeek)}
        </span>
      </p>
    </>
  );
}

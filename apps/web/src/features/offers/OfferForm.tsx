import {
  addMonthsClamped,
  agencyToday,
  type Debt,
  type OfferTerms,
  offersResource,
  percentText,
} from '@cobranzas/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Skeleton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { DateField } from '../../components/resource/DateField';
import { TextareaField, TextField } from '../../components/resource/fields';
import { messageOf } from '../../components/resource/http';
import { applyServerErrors } from '../../components/resource/serverErrors';
import { LoadFailed } from '../../components/resource/states';
import { formatDate } from '../../lib/format';
import { useResourceMutation } from '../../lib/resourceQueries';
import { MoneyField } from '../debts/common/MoneyInput';
import { useMoney } from '../debts/view/currency';
import classes from '../debts/view/view.module.css';
import { QuotaPreview } from '../quotas/QuotaPreview';
import local from '../quotas/quotas.module.css';
import { createOffer, useOfferTerms } from './api';
import offerClasses from './offers.module.css';
import {
  limitsText,
  type OfferFormOutput,
  type OfferFormValues,
  offerFormSchema,
  offerPreview,
} from './preview';

const FIELDS = ['amount', 'quotas', 'downPayment', 'firstDueDate', 'notes'];

/**
 * «Nueva oferta» (DESIGN.md §10.3): starts from the debt's balance to date as the API measures it
 * (GET /offers/terms), shows the discount as it is typed and says before sending whether the offer is
 * within the company's limits (approved at once) or waits for an administrador.
 */
export function OfferForm({ debt, onDone }: { debt: Debt; onDone: () => void }) {
  const terms = useOfferTerms(debt.id);
  if (terms.isPending)
    return <Skeleton height={200} role="status" aria-label="Calculando el saldo al día de hoy" />;
  if (terms.isError)
    return <LoadFailed message={messageOf(terms.error)} onRetry={() => void terms.refetch()} />;
  if (!terms.data.open || terms.data.hasPlan)
    return (
      <div className={classes.notice}>
        <span>
          {terms.data.hasPlan
            ? 'La deuda ya tiene un plan de pagos con cuotas sin pagar: no admite una oferta de quita.'
            : 'La deuda está cerrada: no admite ofertas de quita.'}
        </span>
        <Button size="xs" variant="default" onClick={onDone}>
          Cerrar
        </Button>
      </div>
    );
  return <OfferFormFields debt={debt} terms={terms.data} onDone={onDone} />;
}

function OfferFormFields({ debt, terms, onDone }: { debt: Debt; terms: OfferTerms; onDone: () => void }) {
  const money = useMoney();
  const create = useResourceMutation({
    mutationFn: (offer: OfferFormOutput) => createOffer({ debtId: debt.id, ...offer }),
    invalidates: [offersResource],
  });
  const [error, setError] = useState<string | null>(null);
  const form = useForm<OfferFormValues, unknown, OfferFormOutput>({
    resolver: zodResolver(offerFormSchema),
    defaultValues: {
      amount: terms.balance,
      quotas: '3',
      downPayment: '',
      firstDueDate: addMonthsClamped(agencyToday(), 1),
      notes: '',
    },
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control });
  const preview = offerPreview(values, terms);

  const submit = form.handleSubmit(async (offer) => {
    setError(null);
    try {
      const made = await create.mutateAsync(offer);
      notifications.show({
        color: 'green',
        title: made.status === 'APROBADA' ? 'Oferta aprobada' : 'Oferta enviada a aprobación',
        message:
          made.status === 'APROBADA'
            ? `Quita de ${money(made.discount)}: dentro de los límites, se aprobó al instante.`
            : `Quita de ${money(made.discount)}: fuera de los límites, la aprueba un administrador.`,
      });
      onDone();
    } catch (failure) {
      setError(applyServerErrors(failure, form.setError, FIELDS));
    }
  });

  return (
    <FormProvider {...form}>
      <form className={local.plan} onSubmit={submit} noValidate aria-labelledby="offer-title">
        <h3 id="offer-title" className={local.planTitle}>
          Nueva oferta
        </h3>
        <p className={offerClasses.balance}>
          Saldo al {formatDate(terms.date)}: <strong>{money(terms.balance)}</strong>
        </p>
        <p className={local.hint}>{limitsText(terms.limits)}</p>
        <div className={local.planFields}>
          <MoneyField
            name="amount"
            label="Total a pagar"
            description="Lo que el deudor pagaría en total."
            withAsterisk
          />
          <TextField name="quotas" label="Cantidad de cuotas" inputMode="numeric" withAsterisk />
          <MoneyField
            name="downPayment"
            label="Anticipo"
            description="La primera cuota. Vacío: cuotas iguales."
          />
          <DateField name="firstDueDate" label="Primer vencimiento" withAsterisk clearable={false} />
        </div>
        <TextareaField name="notes" label="Notas" minRows={2} mt="sm" />
        <OfferPreviewBox preview={preview} />
        {error ? (
          <Alert color="red" variant="light" role="alert" title="No se pudo enviar la oferta" mt="sm">
            {error}
          </Alert>
        ) : null}
        <div className={local.planActions}>
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button
            type="submit"
            disabled={preview.kind !== 'ready'}
            loading={form.formState.isSubmitting}
            leftSection={<IconSend size={16} />}
          >
            Enviar oferta
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** The discount, the verdict on the limits (with the reasons) and the quotas, as typed. */
function OfferPreviewBox({ preview }: { preview: ReturnType<typeof offerPreview> }) {
  const money = useMoney();
  if (preview.kind === 'incomplete')
    return <p className={local.hint}>Complete los datos para ver la quita y las cuotas antes de enviar.</p>;
  if (preview.kind === 'invalid')
    return (
      <Alert color="red" variant="light" mt="md" title="La oferta no se puede hacer así">
        {preview.message}
      </Alert>
    );
  return (
    <div className={offerClasses.preview}>
      <p className={offerClasses.discount}>
        Quita: <strong>{money(preview.discount)}</strong> ({percentText(preview.discountPercent)})
      </p>
      <Alert color={preview.within ? 'green' : 'orange'} variant="light" title={preview.verdict}>
        {preview.reasons.length ? (
          <ul className={offerClasses.reasons}>
            {preview.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
      </Alert>
      <QuotaPreview quotas={preview.quotas} label="Cuotas de la oferta" />
    </div>
  );
}

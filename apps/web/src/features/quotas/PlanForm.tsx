import {
  addMonthsClamped,
  agencyToday,
  type Debt,
  monthlyDueDates,
  paymentPlanSchema,
  quotasResource,
  splitMoney,
  toCents,
} from '@cobranzas/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Skeleton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DateField } from '../../components/resource/DateField';
import { TextField } from '../../components/resource/fields';
import { applyServerErrors } from '../../components/resource/serverErrors';
import { formatDate } from '../../lib/format';
import { useResourceMutation } from '../../lib/resourceQueries';
import { createPlan } from '../debts/common/api';
import { DEBT_REFRESH } from '../debts/common/hooks';
import { MoneyField } from '../debts/common/MoneyInput';
import { moneyField, requiredDate } from '../debts/common/schemas';
import { useBalanceToDate } from '../debts/common/useBalanceToDate';
import { useMoney } from '../debts/view/currency';
import { overdueAtStart, PlanConfirm, type PlanSummary } from './PlanConfirm';
import { QuotaPreview } from './QuotaPreview';
import local from './quotas.module.css';

const schema = z.object({
  installments: paymentPlanSchema.shape.installments,
  firstDueDate: requiredDate,
  total: moneyField,
});
type Values = z.input<typeof schema>;

/** The installments the plan will create: the API splits the same way (shared splitMoney). */
export function planPreview(values: Partial<Values>) {
  const parsed = schema.safeParse(values);
  if (!parsed.success) return null;
  const { installments, firstDueDate, total } = parsed.data;
  if (toCents(total) < BigInt(installments)) return null;
  const amounts = splitMoney(total, installments);
  const dates = monthlyDueDates(firstDueDate, installments);
  return amounts.map((amount, i) => ({ number: i + 1, amount, dueDate: dates[i] as string }));
}

/**
 * The plan form proposes what the debt owes today: its balance to date (with interest, once it
 * carries rates), the number the API compares the plan with. If that cannot be read, the stored one.
 */
export function PlanForm({ debt, onDone }: { debt: Debt; onDone?: () => void }) {
  const balance = useBalanceToDate(debt.id);
  if (balance.isPending)
    return <Skeleton height={160} role="status" aria-label="Calculando el saldo al día de hoy" />;
  const proposal = balance.data
    ? { total: balance.data.total, note: `Por defecto, el saldo al ${formatDate(balance.data.date)}.` }
    : { total: debt.balance, note: 'Por defecto, el saldo de la deuda.' };
  return <PlanFormFields debt={debt} onDone={onDone} proposal={proposal} />;
}

/** N monthly installments from a first due date; the preview shows the amounts before confirming. */
function PlanFormFields({
  debt,
  onDone,
  proposal,
}: {
  debt: Debt;
  onDone?: (() => void) | undefined;
  proposal: { total: string; note: string };
}) {
  const money = useMoney();
  const create = useResourceMutation({
    mutationFn: (plan: z.output<typeof schema>) => createPlan({ debtId: debt.id, ...plan }),
    invalidates: [quotasResource, ...(DEBT_REFRESH.also ?? [])],
  });
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ plan: z.output<typeof schema>; summary: PlanSummary } | null>(null);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      installments: '3',
      firstDueDate: addMonthsClamped(agencyToday(), 1),
      total: proposal.total,
    },
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control });
  const preview = planPreview(values);
  const today = agencyToday();
  const startsLate = preview !== null && overdueAtStart({ quotas: preview, total: '0', today }) > 0;

  // The form only asks; the dialog creates (issue 32: Enter in a field created the plan at once).
  const submit = form.handleSubmit((plan) => {
    const quotas = planPreview(plan as unknown as Values);
    if (quotas) setAsking({ plan, summary: { quotas, total: plan.total, today } });
  });

  const confirm = async () => {
    if (!asking) return;
    const { plan } = asking;
    setError(null);
    try {
      const result = await create.mutateAsync(plan);
      notifications.show({
        color: 'green',
        title: 'Plan de pagos creado',
        message: `${result.quotas.length} cuotas por un total de ${money(result.total)}.`,
      });
      setAsking(null);
      onDone?.();
    } catch (failure) {
      setAsking(null);
      setError(applyServerErrors(failure, form.setError, ['installments', 'firstDueDate', 'total']));
    }
  };

  return (
    <FormProvider {...form}>
      <form className={local.plan} onSubmit={submit} noValidate aria-labelledby="plan-title">
        <h3 id="plan-title" className={local.planTitle}>
          Nuevo plan de pagos
        </h3>
        <div className={local.planFields}>
          <TextField name="installments" label="Cantidad de cuotas" inputMode="numeric" withAsterisk />
          <DateField
            name="firstDueDate"
            label="Primer vencimiento"
            withAsterisk
            clearable={false}
            description={startsLate ? 'Es anterior a hoy: habrá cuotas vencidas desde el inicio' : undefined}
          />
          <MoneyField name="total" label="Total a financiar" description={proposal.note} withAsterisk />
        </div>
        {preview ? (
          <QuotaPreview quotas={preview} label="Vista previa de las cuotas" />
        ) : (
          <p className={local.hint}>Complete los datos para ver las cuotas antes de confirmar.</p>
        )}
        {error ? (
          <Alert color="red" variant="light" role="alert" title="No se pudo crear el plan" mt="sm">
            {error}
          </Alert>
        ) : null}
        <div className={local.planActions}>
          {onDone ? (
            <Button variant="default" onClick={onDone}>
              Cancelar
            </Button>
          ) : null}
          <Button
            type="submit"
            disabled={!preview}
            loading={form.formState.isSubmitting}
            leftSection={<IconCheck size={16} />}
          >
            {preview ? `Confirmar plan de ${preview.length} cuotas` : 'Confirmar plan'}
          </Button>
        </div>
      </form>
      <PlanConfirm
        summary={asking?.summary ?? null}
        money={money}
        creating={create.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </FormProvider>
  );
}

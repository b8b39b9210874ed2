import { Alert, Button, Checkbox, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../components/resource/AppModal';
import { formatDate } from '../../lib/format';

export type PlanSummary = {
  quotas: { number: number; amount: string; dueDate: string }[];
  total: string;
  today: string;
};

/** Quotas whose due date is before today: overdue the moment the plan exists. */
export const overdueAtStart = (summary: PlanSummary) =>
  summary.quotas.filter((quota) => quota.dueDate < summary.today).length;

/**
 * The last look before a plan is created (issue 32): what it will be, in one sentence; a plan that
 * starts in the past is said so and must be confirmed on purpose. Focus starts on «Volver»: an
 * Enter typed in the form must not create the plan.
 */
export function PlanConfirm({
  summary,
  money,
  creating,
  onConfirm,
  onCancel,
}: {
  summary: PlanSummary | null;
  money: (amount: string) => string;
  creating: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [accepted, setAccepted] = useState(false);
  const close = () => {
    setAccepted(false);
    onCancel();
  };
  const quotas = summary?.quotas ?? [];
  const first = quotas[0];
  const last = quotas[quotas.length - 1];
  const overdue = summary ? overdueAtStart(summary) : 0;
  const amounts = new Set(quotas.map((quota) => quota.amount));
  return (
    <AppModal
      opened={summary !== null}
      onClose={close}
      title="Confirmar el plan de pagos"
      closeOnClickOutside={!creating}
      closeOnEscape={!creating}
    >
      {summary && first && last ? (
        <>
          <Text size="sm">
            {quotas.length === 1 ? '1 cuota' : `${quotas.length} cuotas mensuales`}{' '}
            {amounts.size === 1
              ? `de ${money(first.amount)}`
              : `de ${money(first.amount)} (la primera) y ${money(last.amount)}`}{' '}
            por un total de <strong>{money(summary.total)}</strong>,{' '}
            {quotas.length === 1
              ? `con vencimiento el ${formatDate(first.dueDate)}.`
              : `del ${formatDate(first.dueDate)} al ${formatDate(last.dueDate)}.`}
          </Text>
          {overdue > 0 ? (
            <Alert color="orange" variant="light" mt="md" title="El primer vencimiento ya pasó">
              <Text size="sm">
                El primer vencimiento ({formatDate(first.dueDate)}) es anterior a hoy:{' '}
                {overdue === 1 ? 'una cuota quedará vencida' : `${overdue} cuotas quedarán vencidas`} desde el
                inicio.
              </Text>
              <Checkbox
                mt="sm"
                label="Entiendo: el plan empieza con cuotas vencidas"
                checked={accepted}
                onChange={(event) => setAccepted(event.currentTarget.checked)}
              />
            </Alert>
          ) : null}
        </>
      ) : null}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={close} disabled={creating} data-autofocus>
          Volver
        </Button>
        <Button onClick={onConfirm} loading={creating} disabled={overdue > 0 && !accepted}>
          Crear el plan
        </Button>
      </Group>
    </AppModal>
  );
}

import { DEBT_TYPE_IDS, type Debt, type DebtStageChange, eventsResource } from '@cobranzas/shared';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconStairsUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useResourceMutation } from '../../../lib/resourceQueries';
import { changeStage } from '../common/api';
import { DEBT_REFRESH } from '../common/hooks';
import { useDebtCatalogs } from '../common/useCatalogs';
import { StageChangeDialog, type StageChangeValues } from './StageChangeDialog';

/**
 * The stage change as an explicit action: one PATCH /debts/{id}/stage moves the debt and records
 * the "Cambio de etapa" Gestión in the timeline (the API does both in one transaction).
 */
export function StageChange({ debt }: { debt: Debt }) {
  const { stages } = useDebtCatalogs();
  // The debt moves and its timeline gains the "Cambio de etapa" Gestión.
  const stage = useResourceMutation({
    mutationFn: (body: DebtStageChange) => changeStage(debt.id, body),
    invalidates: [eventsResource, ...(DEBT_REFRESH.also ?? [])],
  });
  const [target, setTarget] = useState<{ value: string; label: string } | null>(null);
  const [, setParams] = useSearchParams();
  const others = stages.filter((stage) => stage.value !== String(debt.debtTypeId));

  async function change(values: StageChangeValues) {
    if (!target) return;
    await stage.mutateAsync({ debtTypeId: Number(target.value), ...values });
    // Issue 37: a debt just made judicial without a case goes to its «Expediente» tab, to open one.
    const openCase = Number(target.value) === DEBT_TYPE_IDS.JUDICIAL && !debt.judicialCase;
    notifications.show({
      color: 'green',
      title: 'Etapa cambiada',
      message: `La deuda N.º ${debt.id} pasó a ${target.label.toLowerCase()}.${openCase ? ' Ahora puede abrir su expediente.' : ''}`,
    });
    if (openCase)
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('tab', 'expediente');
          return next;
        },
        { replace: true },
      );
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconStairsUp size={18} />}
            rightSection={<IconChevronDown size={14} />}
          >
            Cambiar etapa
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {others.map((stage) => (
            <Menu.Item key={stage.value} onClick={() => setTarget(stage)}>
              Pasar a {stage.label.toLowerCase()}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {target ? (
        <StageChangeDialog debt={debt} target={target} onSubmit={change} onClose={() => setTarget(null)} />
      ) : null}
    </>
  );
}

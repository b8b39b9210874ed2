import type { Catalog, Debt } from '@cobranzas/shared';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconStairsUp } from '@tabler/icons-react';
import { useState } from 'react';
import { saveOne } from '../../../components/resource/http';
import { useOptions } from '../../../components/resource/useOptions';
import { useRefresh } from '../common/hooks';
import { JUDICIAL } from '../common/labels';
import { useDebtCatalogs } from '../common/useCatalogs';
import { StageChangeDialog, type StageChangeValues } from './StageChangeDialog';

const byName = (record: { name: string }) => record.name;

/**
 * The stage change as an explicit action: PATCH the debt's debtTypeId, then a Gestión in the
 * timeline saying what changed (the audit log has it too).
 */
export function StageChange({ debt }: { debt: Debt }) {
  const { stages } = useDebtCatalogs();
  const eventTypes = useOptions<Catalog>('events-types', byName);
  const refresh = useRefresh();
  const [target, setTarget] = useState<{ value: string; label: string } | null>(null);
  const others = stages.filter((stage) => stage.value !== String(debt.debtTypeId));

  async function change(values: StageChangeValues) {
    if (!target) return;
    const judicial = Number(target.value) === JUDICIAL;
    await saveOne('debts', debt.id, {
      debtTypeId: Number(target.value),
      ...(judicial ? { court: values.court, caseNumber: values.caseNumber } : {}),
    });
    const note = values.description ? ` ${values.description}` : '';
    try {
      await saveOne('events', undefined, {
        debtId: debt.id,
        eventTypeId: values.eventTypeId,
        description: `Cambio de etapa: ${debt.debtTypeName} → ${target.label}.${note}`,
      });
    } finally {
      void refresh('events');
    }
    notifications.show({
      color: 'green',
      title: 'Etapa cambiada',
      message: `La deuda N.º ${debt.id} pasó a ${target.label.toLowerCase()}.`,
    });
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
        <StageChangeDialog
          debt={debt}
          target={target}
          eventTypes={eventTypes.records}
          onSubmit={change}
          onClose={() => setTarget(null)}
        />
      ) : null}
    </>
  );
}

import { useAbility } from '@casl/react';
import {
  type AppAbility,
  argentineMobile,
  type Debt,
  debtorsResource,
  debtsResource,
  PHONE_KIND_LABELS,
  type PhoneKind,
} from '@cobranzas/shared';
import { ActionIcon, Badge, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceLandlinePhone, IconDeviceMobile, IconDeviceMobileQuestion } from '@tabler/icons-react';
import { messageOf } from '../../../components/resource/http';
import { useSaveRecord } from '../../../lib/resourceQueries';

type Which = 'phone' | 'altPhone';

/**
 * What a debtor's phone is (issue 32): the kind once marked, as a small label (changed from the
 * debtor's form); while unknown, «Es celular» / «Es fijo» for whoever may edit debtors. A number
 * written as a mobile («011 15…», «+54 9…») says it already: nothing to ask.
 */
export function PhoneKindMark({ debt, which }: { debt: Debt; which: Which }) {
  const ability = useAbility<AppAbility>();
  const phone = debt.debtor[which];
  const kind = debt.debtor[`${which}Kind`];
  const save = useSaveRecord(debtorsResource, {
    also: [debtsResource],
    onSuccess: (_saved, { body }) => {
      const marked = (body as Record<string, PhoneKind>)[`${which}Kind`];
      notifications.show({
        color: 'green',
        title: 'Tipo de línea guardado',
        message: `${phone} quedó como ${marked === 'MOVIL' ? 'celular' : 'fijo'}.`,
      });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'No se pudo guardar el tipo de línea',
        message: messageOf(error),
      }),
  });
  if (!phone) return null;
  if (kind)
    return (
      <Badge
        size="sm"
        variant="light"
        radius="sm"
        tt="none"
        color={kind === 'MOVIL' ? 'green' : 'gray'}
        title="Tipo de línea (se cambia en la ficha del deudor)"
      >
        {PHONE_KIND_LABELS[kind]}
      </Badge>
    );
  if (argentineMobile(phone) || !ability.can('edit', 'debtors')) return null;
  const mark = (value: PhoneKind) => save.mutate({ id: debt.debtorId, body: { [`${which}Kind`]: value } });
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Tipo de línea de ${phone}`}
          title="¿Celular o fijo?"
          loading={save.isPending}
        >
          <IconDeviceMobileQuestion size={16} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{phone}</Menu.Label>
        <Menu.Item leftSection={<IconDeviceMobile size={16} />} onClick={() => mark('MOVIL')}>
          Es celular
        </Menu.Item>
        <Menu.Item leftSection={<IconDeviceLandlinePhone size={16} />} onClick={() => mark('FIJO')}>
          Es fijo
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

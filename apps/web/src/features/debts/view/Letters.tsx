import { compareMoney, type Debt, formatMoney, letterTemplatesResource } from '@cobranzas/shared';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../lib/format';
import { resourceQueries } from '../../../lib/resourceQueries';
import { useBalanceToDate } from '../common/useBalanceToDate';
import { useLetterDownload } from '../useLetterDownload';

const templates = resourceQueries(letterTemplatesResource);

/**
 * «Cartas» on the debt file (DESIGN.md §10.5): the letter templates; choosing one downloads its PDF
 * for this debt with today's balance. A libre deuda is offered disabled, with the reason, while the
 * balance to date is not zero (the server refuses it too). Staff only: rendered for those who may
 * view the templates (a CLIENTE may not).
 */
export function Letters({ debt }: { debt: Debt }) {
  const list = useQuery(templates.list({ sort: 'name', limit: 100 }));
  const balance = useBalanceToDate(debt.id).data;
  const { download, busy } = useLetterDownload(debt.id);
  const owes = balance ? compareMoney(balance.total, '0') !== 0 : null;
  const freeReason =
    owes === null
      ? 'Calculando el saldo a hoy…'
      : owes && balance
        ? `La deuda tiene saldo de ${formatMoney(balance.total, debt.currency)} al ${formatDate(balance.date)}.`
        : null;

  const items = list.data?.data ?? [];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconFileText size={18} />}
          rightSection={<IconChevronDown size={14} />}
          loading={busy}
        >
          Cartas
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Descargar en PDF, con el saldo de hoy</Menu.Label>
        {list.isPending ? <Menu.Item disabled>Cargando modelos…</Menu.Item> : null}
        {list.isError ? <Menu.Item disabled>No se pudieron cargar los modelos.</Menu.Item> : null}
        {list.isSuccess && items.length === 0 ? (
          <Menu.Item disabled>No hay modelos de cartas.</Menu.Item>
        ) : null}
        {items.map((template) => {
          const reason = template.kind === 'LIBRE_DEUDA' ? freeReason : null;
          return (
            <Menu.Item
              key={template.id}
              disabled={reason !== null}
              onClick={() => void download(template.code)}
              title={reason ?? undefined}
            >
              {template.name}
              {reason ? <div style={{ fontSize: 'var(--mantine-font-size-xs)' }}>{reason}</div> : null}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

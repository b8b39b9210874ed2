import {
  compareMoney,
  formatMoney,
  letterTemplatesResource,
  QUEUE_ALTERNATIVE_LABELS,
} from '@cobranzas/shared';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { resourceQueries } from '../../lib/resourceQueries';
import { useLetterDownload } from '../debts/useLetterDownload';
import { forWhom, type QueueRow } from './columns';

const templates = resourceQueries(letterTemplatesResource);

/**
 * «Generar una carta» for a debt of the queue: the letter templates (read when the menu first opens,
 * not once per row), each downloading its PDF with today's balance, as «Cartas» on the debt file. The
 * queue already knows what the debt owes today, so a libre deuda is offered disabled without asking.
 */
export function LetterMenu({ row }: { row: QueueRow }) {
  const [opened, setOpened] = useState(false);
  const list = useQuery({ ...templates.list({ sort: 'name', limit: 100 }), enabled: opened });
  const { download, busy } = useLetterDownload(row.id);
  const owes = compareMoney(row.owed, '0') !== 0;

  const items = list.data?.data ?? [];
  return (
    <Menu position="bottom-start" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="default"
          rightSection={<IconChevronDown size={12} aria-hidden="true" />}
          loading={busy}
          aria-label={forWhom(QUEUE_ALTERNATIVE_LABELS.LETTER, row)}
        >
          {QUEUE_ALTERNATIVE_LABELS.LETTER}
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
          const reason =
            template.kind === 'LIBRE_DEUDA' && owes
              ? `La deuda tiene saldo de ${formatMoney(row.owed, row.debt.currency)}.`
              : null;
          return (
            <Menu.Item
              key={template.id}
              disabled={reason !== null}
              onClick={() => void download(template.code)}
              title={reason ?? undefined}
            >
              {template.name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

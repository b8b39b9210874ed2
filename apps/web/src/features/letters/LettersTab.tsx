import { type Letter, lettersResource } from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '../../lib/format';
import { formatDateTime } from '../debts/common/labels';
import { debtTab, RecordTab, type TabProps, useDebtRecordSave } from '../debts/view/RecordTab';
import { CdDialog, type CdEditing, type CdSave } from './cartaDocumento';

/** The tab's list: newest first. */
export const LETTERS_TAB = debtTab(lettersResource, 'at');

const dash = (text: string | null | undefined) => text || '—';

/**
 * «Cartas» on the debt file (issue 36), staff only: the letters sent (printed here, in a batch, by
 * e-mail, or a carta documento recorded by hand), who and when; a carta documento's number, sent and
 * delivered days. «Registrar carta documento» records one sent outside; on a letter, «Marcar como
 * carta documento» and, once known, «Registrar entrega».
 */
export function LettersTab(props: TabProps) {
  const { debt, perms } = props;
  const save = useDebtRecordSave(lettersResource);
  const [editing, setEditing] = useState<CdEditing | null>(null);
  const onSave: CdSave = (what, body, message) =>
    what.kind === 'new'
      ? save(undefined, { ...body, debtId: debt.id }, message)
      : save(what.letter.id, body, message);

  return (
    <RecordTab
      {...props}
      spec={LETTERS_TAB}
      title="Cartas enviadas"
      empty="No se envió ninguna carta de esta deuda."
      // A carta documento is recorded whatever the debt's status: it was sent.
      canAdd={perms.add}
      canRemove={false}
      add={{ label: 'Registrar carta documento', open: () => setEditing({ kind: 'new' }) }}
      label={(l) => `Carta ${l.templateName} del ${formatDateTime(l.at)}`}
      extra={<CdDialog editing={editing} onSave={onSave} onClose={() => setEditing(null)} />}
      actions={perms.add ? (letter) => <LetterActions letter={letter} onEdit={setEditing} /> : undefined}
      columns={[
        {
          accessor: 'at',
          title: 'Fecha',
          phone: true,
          noWrap: true,
          render: (l: Letter) => formatDateTime(l.at),
        },
        { accessor: 'templateName', title: 'Carta', phone: true },
        { accessor: 'userName', title: 'Quién', render: (l: Letter) => dash(l.userName) },
        {
          accessor: 'cdNumber',
          title: 'Carta documento',
          noWrap: true,
          render: (l: Letter) => dash(l.cdNumber),
        },
        {
          accessor: 'sentOn',
          title: 'Enviada',
          noWrap: true,
          render: (l: Letter) => dash(formatDate(l.sentOn)),
        },
        {
          accessor: 'deliveredOn',
          title: 'Entregada',
          noWrap: true,
          render: (l: Letter) => (l.deliveredOn ? formatDate(l.deliveredOn) : l.cdNumber ? 'Pendiente' : '—'),
        },
      ]}
    />
  );
}

function LetterActions({ letter, onEdit }: { letter: Letter; onEdit: (editing: CdEditing) => void }) {
  if (!letter.cdNumber)
    return (
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => onEdit({ kind: 'mark', letter })}
        aria-label={`Marcar como carta documento la carta ${letter.templateName} del ${formatDateTime(letter.at)}`}
      >
        Marcar como carta documento
      </Button>
    );
  if (!letter.deliveredOn)
    return (
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => onEdit({ kind: 'deliver', letter })}
        aria-label={`Registrar entrega de la carta documento N.º ${letter.cdNumber}`}
      >
        Registrar entrega
      </Button>
    );
  return null;
}

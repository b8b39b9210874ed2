import {
  type Debt,
  type Observation,
  observationsResource,
  observationUpdateSchema,
} from '@cobranzas/shared';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { TextareaField } from '../../components/resource/fields';
import { listSpec } from '../../components/resource/types';
import { type Permissions, useDebtRecords } from '../debts/common/hooks';
import { formatDateTime } from '../debts/common/labels';
import { RecordModal } from '../debts/view/RecordModal';
import { useDebtRecordRemove, useDebtRecordSave } from '../debts/view/RecordTab';
import { TabSection } from '../debts/view/TabSection';
import classes from '../debts/view/view.module.css';
import local from './observations.module.css';

/** The tab's list: newest first. */
export const OBSERVATIONS_TAB = listSpec({
  definition: observationsResource,
  filters: ['debtId'],
  params: { sort: 'createdAt', order: 'desc' },
});

/** Observaciones: free notes on the debt; the list reloads after each create or edit (SPEC §7). */
export function ObservationsTab({ debt, perms }: { debt: Debt; perms: Permissions }) {
  const observations = useDebtRecords(observationsResource, debt.id, OBSERVATIONS_TAB.params);
  const save = useDebtRecordSave(observationsResource);
  const remove = useDebtRecordRemove<Observation>(observationsResource, () => 'la observación');
  // null: closed; 'new': adding; a record: editing it.
  const [editing, setEditing] = useState<Observation | 'new' | null>(null);
  const records: Observation[] = observations.records;
  const modals = (
    <>
      {remove.dialog}
      {editing ? (
        <RecordModal
          title={editing === 'new' ? 'Agregar observación' : 'Editar observación'}
          schema={observationUpdateSchema}
          defaultValues={{ text: editing === 'new' ? '' : editing.text }}
          onSubmit={(values) =>
            editing === 'new'
              ? save(undefined, { ...values, debtId: debt.id }, 'Se agregó la observación.')
              : save(editing.id, values, 'Se guardó la observación.')
          }
          onClose={() => setEditing(null)}
        >
          <div className={classes.full}>
            <TextareaField name="text" label="Observación" minRows={4} withAsterisk data-autofocus />
          </div>
        </RecordModal>
      ) : null}
    </>
  );

  return (
    <TabSection
      modals={modals}
      title="Observaciones"
      count={records.length}
      addLabel="Agregar observación"
      onAdd={perms.add ? () => setEditing('new') : undefined}
      query={observations}
      empty={records.length ? null : 'No hay observaciones.'}
    >
      <ul className={local.notes}>
        {records.map((note) => (
          <li key={note.id} className={local.note}>
            <p className={local.noteText}>{note.text}</p>
            <div className={local.noteFooter}>
              <span className={classes.muted}>
                {formatDateTime(note.createdAt)}
                {note.userName ? ` · ${note.userName}` : ''}
                {note.updatedAt !== note.createdAt ? ' · editada' : ''}
              </span>
              {perms.edit ? (
                <Tooltip label="Editar" withinPortal>
                  <ActionIcon
                    variant="subtle"
                    aria-label="Editar la observación"
                    onClick={() => setEditing(note)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
              {perms.remove ? (
                <button type="button" className={local.linkDanger} onClick={() => remove.ask(note)}>
                  Eliminar
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </TabSection>
  );
}

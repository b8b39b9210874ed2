import { observationsResource, observationUpdateSchema } from '@cobranzas/shared';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { TextareaField } from '../../components/resource/fields';
import { formatDateTime } from '../debts/common/labels';
import { debtTab, RecordTab, type TabProps } from '../debts/view/RecordTab';
import classes from '../debts/view/view.module.css';
import local from './observations.module.css';

/** The tab's list: newest first. */
export const OBSERVATIONS_TAB = debtTab(observationsResource, 'createdAt');

/** Observaciones: free notes on the debt; the list reloads after each create or edit (SPEC §7). */
export function ObservationsTab(props: TabProps) {
  const { perms } = props;
  return (
    <RecordTab
      {...props}
      spec={OBSERVATIONS_TAB}
      title="Observaciones"
      empty="No hay observaciones."
      canAdd={perms.add}
      noun={() => 'la observación'}
      form={{
        title: 'Agregar observación',
        editTitle: 'Editar observación',
        schema: observationUpdateSchema,
        defaultValues: (note) => ({ text: note?.text ?? '' }),
        saved: (_values, note) => (note ? 'Se guardó la observación.' : 'Se agregó la observación.'),
        fields: (
          <div className={classes.full}>
            <TextareaField name="text" label="Observación" minRows={4} withAsterisk data-autofocus />
          </div>
        ),
      }}
    >
      {(records, { edit, remove }) => (
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
                      onClick={() => edit(note)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
                {perms.remove ? (
                  <button type="button" className={local.linkDanger} onClick={() => remove(note)}>
                    Eliminar
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </RecordTab>
  );
}

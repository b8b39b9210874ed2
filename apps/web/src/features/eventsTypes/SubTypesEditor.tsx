import { type EventSubType, eventsSubTypesResource, LIST_MAX_LIMIT } from '@cobranzas/shared';
import { Button, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldErrorsOf, messageOf } from '../../components/resource/http';
import resource from '../../components/resource/resource.module.css';
import { ForbiddenState, LoadFailed, TableSkeleton } from '../../components/resource/states';
import { listSpec } from '../../components/resource/types';
import { useDeleteConfirm } from '../../components/resource/useDeleteConfirm';
import { useListQuery } from '../../components/resource/useListQuery';
import { useSaveRecord } from '../../lib/resourceQueries';
import { SubTypeRow } from './SubTypeRow';
import classes from './subTypes.module.css';

/** An event type's sub-types, by name. */
export const SUB_TYPES_LIST = listSpec({
  definition: eventsSubTypesResource,
  filters: ['eventTypeId'],
  params: { limit: LIST_MAX_LIMIT, sort: 'name' },
});

/** The name's own message from a 400/409 answer, else the general one. */
export const nameError = (error: unknown) => fieldErrorsOf(error).name?.[0] ?? messageOf(error);

/** An event type's sub-types, added, renamed and deleted right here (each change is saved at once). */
export function SubTypesEditor({ eventTypeId, readOnly }: { eventTypeId: number; readOnly: boolean }) {
  const list = useListQuery(eventsSubTypesResource, { ...SUB_TYPES_LIST.params, eventTypeId });
  const records: EventSubType[] = list.records;
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const create = useSaveRecord(eventsSubTypesResource);
  const remove = useDeleteConfirm<EventSubType>(eventsSubTypesResource, (s) => `el subtipo «${s.name}»`);

  const add = () => {
    if (create.isPending) return;
    create.mutate(
      { body: { eventTypeId, name } },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: 'Guardado',
            message: `Se agregó el subtipo «${name.trim()}».`,
          });
          setName('');
          setAddError(null);
        },
        onError: (error) => setAddError(nameError(error)),
      },
    );
  };

  let body: React.ReactNode;
  if (list.forbidden) body = <ForbiddenState />;
  else if (list.loading) body = <TableSkeleton rows={3} />;
  else if (list.error !== null) body = <LoadFailed message={list.error} onRetry={list.retry} />;
  else if (records.length === 0)
    body = <p className={classes.empty}>Este tipo de evento no tiene subtipos.</p>;
  else {
    body = (
      <ul className={classes.list}>
        {records.map((subType) => (
          <SubTypeRow
            key={`${subType.id}-${subType.name}`}
            subType={subType}
            readOnly={readOnly}
            onDelete={() => remove.ask(subType)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className={resource.card} aria-labelledby="subtipos">
      <h2 id="subtipos" className={`${resource.sectionTitle} ${resource.cardTitle}`}>
        Subtipos
      </h2>
      {body}
      {readOnly ? null : (
        <form
          className={`${classes.inlineForm} ${classes.addForm}`}
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <TextInput
            className={classes.input}
            aria-label="Nombre del nuevo subtipo"
            placeholder="Nuevo subtipo, p. ej. «Al celular»"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={addError}
          />
          <Button
            type="submit"
            variant="light"
            leftSection={<IconPlus size={18} />}
            loading={create.isPending}
          >
            Agregar subtipo
          </Button>
        </form>
      )}
      {remove.dialog}
    </section>
  );
}

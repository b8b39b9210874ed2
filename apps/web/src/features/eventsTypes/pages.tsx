import {
  type EventType,
  eventsHistoryTypesResource,
  eventsTypesResource,
  eventTypeCreateSchema,
  eventTypeUpdateSchema,
} from '@cobranzas/shared';
import { MultiSelectField } from '../../components/resource/fields';
import { useOptions } from '../../components/resource/useOptions';
import { makeCatalog } from '../catalogs/makeCatalog';
import { SubTypesEditor } from './SubTypesEditor';

/** The outcomes a contact of this type may have (issue 15); none chosen = every outcome. */
function OutcomesField({ readOnly }: { readOnly: boolean }) {
  const outcomes = useOptions(eventsHistoryTypesResource, (record) => record.name);
  return (
    <MultiSelectField
      name="outcomeIds"
      label="Resultados posibles"
      description="Los resultados que se ofrecen al registrar una gestión de este tipo. Vacío: todos."
      placeholder={outcomes.loading ? 'Cargando…' : 'Todos los resultados'}
      data={outcomes.options}
      searchable
      clearable
      disabled={readOnly}
    />
  );
}

/** Event types (SPEC §2), with their sub-types kept on the edit page. API resource: events-types. */
export const EventTypes = makeCatalog({
  info: {
    definition: eventsTypesResource,
    basePath: '/eventsTypes',
    noun: 'el tipo de evento',
  },
  titles: { list: 'Tipos de eventos', add: 'Nuevo tipo de evento', edit: 'Editar tipo de evento' },
  exportName: 'tipos-de-evento',
  addNote: 'Después de guardarlo podrá agregarle subtipos desde su página de edición.',
  extra: {
    schemas: { create: eventTypeCreateSchema, update: eventTypeUpdateSchema },
    defaults: { outcomeIds: [] },
    toForm: (record) => ({ outcomeIds: ((record as EventType).outcomeIds ?? []).map(String) }),
    fields: ({ readOnly }) => <OutcomesField readOnly={readOnly} />,
  },
  after: ({ record, readOnly }) => <SubTypesEditor eventTypeId={record.id} readOnly={readOnly} />,
});

export const EventTypesListPage = EventTypes.List;
export const EventTypeAddPage = EventTypes.Add;
export const EventTypeEditPage = EventTypes.Edit;

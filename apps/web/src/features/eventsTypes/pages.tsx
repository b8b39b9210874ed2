import { makeCatalog } from '../catalogs/makeCatalog';
import { SubTypesEditor } from './SubTypesEditor';

/** Event types (SPEC §2), with their sub-types kept on the edit page. API resource: events-types. */
const EventTypes = makeCatalog({
  info: {
    resource: 'events-types',
    basePath: '/eventsTypes',
    subject: 'SystemManagement',
    noun: 'el tipo de evento',
  },
  titles: { list: 'Tipos de eventos', add: 'Nuevo tipo de evento', edit: 'Editar tipo de evento' },
  exportName: 'tipos-de-evento',
  addNote: 'Después de guardarlo podrá agregarle subtipos desde su página de edición.',
  after: ({ record, readOnly }) => <SubTypesEditor eventTypeId={record.id} readOnly={readOnly} />,
});

export const EventTypesListPage = EventTypes.List;
export const EventTypeAddPage = EventTypes.Add;
export const EventTypeEditPage = EventTypes.Edit;

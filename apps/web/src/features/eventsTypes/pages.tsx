import { PlaceholderPage } from '../../components/PlaceholderPage';

// Placeholders until this area's own issue builds the screens.
export function EventTypesListPage() {
  return <PlaceholderPage title="Tipos de eventos" />;
}

export function EventTypeAddPage() {
  return <PlaceholderPage title="Nuevo tipo de evento" />;
}

export function EventTypeEditPage() {
  return <PlaceholderPage title="Editar tipo de evento" />;
}

import { PlaceholderPage } from '../../components/PlaceholderPage';

// Placeholders until this area's own issue builds the screens.
export function EmbargoTypesListPage() {
  return <PlaceholderPage title="Tipos de embargos" />;
}

export function EmbargoTypeAddPage() {
  return <PlaceholderPage title="Nuevo tipo de embargo" />;
}

export function EmbargoTypeEditPage() {
  return <PlaceholderPage title="Editar tipo de embargo" />;
}

import { PlaceholderPage } from '../../components/PlaceholderPage';

// Placeholders until this area's own issue builds the screens.
export function DebtTypesListPage() {
  return <PlaceholderPage title="Tipos de deuda" />;
}

export function DebtTypeAddPage() {
  return <PlaceholderPage title="Nuevo tipo de deuda" />;
}

export function DebtTypeEditPage() {
  return <PlaceholderPage title="Editar tipo de deuda" />;
}

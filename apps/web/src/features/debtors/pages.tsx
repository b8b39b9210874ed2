import { PlaceholderPage } from '../../components/PlaceholderPage';

// Placeholders until this area's own issue builds the screens.
export function DebtorsListPage() {
  return <PlaceholderPage title="Deudores" />;
}

export function DebtorAddPage() {
  return <PlaceholderPage title="Nuevo deudor" />;
}

export function DebtorEditPage() {
  return <PlaceholderPage title="Editar deudor" />;
}

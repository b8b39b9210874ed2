import { PlaceholderPage } from '../../components/PlaceholderPage';

// Placeholders until this area's own issue builds the screens.
export function CompaniesListPage() {
  return <PlaceholderPage title="Compañías" />;
}

export function CompanyAddPage() {
  return <PlaceholderPage title="Nueva compañía" />;
}

export function CompanyEditPage() {
  return <PlaceholderPage title="Editar compañía" />;
}

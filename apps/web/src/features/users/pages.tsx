import { PlaceholderPage } from '../../components/PlaceholderPage';

// Placeholders until this area's own issue builds the screens.
export function UsersListPage() {
  return <PlaceholderPage title="Usuarios" />;
}

export function UserAddPage() {
  return <PlaceholderPage title="Nuevo usuario" />;
}

export function UserEditPage() {
  return <PlaceholderPage title="Editar usuario" />;
}

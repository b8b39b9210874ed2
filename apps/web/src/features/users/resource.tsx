import {
  companiesResource,
  USER_TYPES,
  type User,
  type UserType,
  usersResource,
  usersTypesResource,
} from '@cobranzas/shared';
import { ActiveBadge } from '../../components/resource/ActiveBadge';
import {
  type ColumnsOf,
  type FiltersOf,
  listSpec,
  type Option,
  resourceInfo,
} from '../../components/resource/types';
import { activeLabel } from '../../lib/format';

type Users = typeof usersResource;

export const USERS = resourceInfo(usersResource, '/users', 'el usuario');

/** "Cobrador · GENERAL"; just "ADMIN" when the type is named after its role. */
export const userTypeLabel = (type: Pick<UserType, 'name' | 'role'>) =>
  type.name === type.role ? type.name : `${type.name} · ${type.role}`;

const ROLE_OPTIONS: Option[] = USER_TYPES.map((role) => ({ value: role, label: role }));
export const ACTIVE_OPTIONS: Option[] = [
  { value: 'true', label: 'Activos' },
  { value: 'false', label: 'Inactivos' },
];

export const USER_FILTERS: FiltersOf<Users> = [
  { name: 'role', label: 'Rol', placeholder: 'Todos los roles', options: ROLE_OPTIONS },
  {
    name: 'userTypeId',
    label: 'Tipo de usuario',
    placeholder: 'Todos los tipos',
    source: { definition: usersTypesResource, label: (r) => userTypeLabel(r as UserType) },
  },
  {
    name: 'companyId',
    label: 'Compañía',
    placeholder: 'Todas las compañías',
    source: { definition: companiesResource, label: (r) => String(r.name) },
  },
  { name: 'active', label: 'Estado', placeholder: 'Activos e inactivos', options: ACTIVE_OPTIONS },
];

export const USER_COLUMNS: ColumnsOf<Users, User> = [
  { accessor: 'name', title: 'Nombre', sortable: true, key: true },
  { accessor: 'alias', title: 'Alias', sortable: true, key: true },
  // Long addresses pushed «Acciones» out of the card at 1366 px (issue 32): the record shows it.
  { accessor: 'email', title: 'Correo electrónico', wideOnly: true },
  {
    accessor: 'userTypeName',
    title: 'Tipo',
    text: (u) => userTypeLabel({ name: u.userTypeName, role: u.role }),
  },
  { accessor: 'companyName', title: 'Compañía' },
  {
    accessor: 'active',
    title: 'Estado',
    text: (u) => activeLabel(u.active),
    render: (u) => <ActiveBadge active={u.active} />,
  },
];

export const USERS_LIST = listSpec({
  definition: usersResource,
  columns: USER_COLUMNS,
  filters: USER_FILTERS,
});

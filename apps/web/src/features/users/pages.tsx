import {
  MESSAGES,
  type User,
  type UserCreate,
  type UserType,
  userCreateSchema,
  usersTypesResource,
  userUpdateSchema,
} from '@cobranzas/shared';
import { useMemo, useRef } from 'react';
import { useParams } from 'react-router';
import { FormPage } from '../../components/resource/FormPage';
import { ListPage } from '../../components/resource/ListPage';
import { useOptions } from '../../components/resource/useOptions';
import { session } from '../../lib/session';
import { USER_COLUMNS, USER_FILTERS, USERS, userTypeLabel } from './resource';
import { UserFields } from './UserFields';

export function UsersListPage() {
  const self = session.getState().userData?.sub;
  return (
    <ListPage
      info={USERS}
      title="Usuarios"
      columns={USER_COLUMNS}
      filters={USER_FILTERS}
      searchPlaceholder="Buscar por nombre, alias o correo"
      exportName="usuarios"
      label={(u) => u.name}
      // Nobody deletes their own user (the API refuses it too).
      deletable={(u) => u.id !== self}
    />
  );
}

export function UserAddPage() {
  return <UserFormPage />;
}

export function UserEditPage() {
  const { id } = useParams();
  return <UserFormPage id={id} />;
}

const EMPTY: UserCreate = {
  name: '',
  alias: '',
  email: '',
  password: '',
  userTypeId: null,
  companyId: null,
  active: true,
};

function UserFormPage({ id }: { id?: string | undefined }) {
  const types = useOptions(usersTypesResource, userTypeLabel);
  // The schema reads the roles through a ref: they arrive after the schema is made.
  const roles = useRef(new Map<string, UserType['role']>());
  roles.current = new Map(types.records.map((t) => [String(t.id), t.role]));
  const roleOf = (userTypeId: unknown) => roles.current.get(String(userTypeId ?? ''));

  // biome-ignore lint/correctness/useExhaustiveDependencies: roleOf reads the ref, stable on purpose
  const schema = useMemo(
    () =>
      (id === undefined ? userCreateSchema : userUpdateSchema).superRefine((values, ctx) => {
        if (roleOf(values.userTypeId) === 'CLIENTE' && !values.companyId) {
          ctx.addIssue({ code: 'custom', path: ['companyId'], message: MESSAGES.companyRequiredForClient });
        }
      }),
    [id],
  );

  return (
    <FormPage
      info={USERS}
      title={id === undefined ? 'Nuevo usuario' : 'Editar usuario'}
      id={id}
      schema={schema}
      defaults={EMPTY}
      toForm={(user: User) => ({
        name: user.name,
        alias: user.alias,
        email: user.email ?? '',
        userTypeId: String(user.userTypeId),
        companyId: user.companyId === null ? null : String(user.companyId),
        active: user.active,
      })}
      // A company is kept only for CLIENTE users.
      toPayload={(values) => ({
        ...values,
        companyId: roleOf(values.userTypeId) === 'CLIENTE' ? values.companyId : null,
      })}
      label={(values) => values.name ?? ''}
    >
      {({ readOnly }) => <UserFields adding={id === undefined} readOnly={readOnly} roleOf={roleOf} />}
    </FormPage>
  );
}

import { companiesResource, type UserType, usersTypesResource } from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { PasswordField, SelectField, SwitchField, TextField } from '../../components/resource/fields';
import classes from '../../components/resource/resource.module.css';
import { useOptions } from '../../components/resource/useOptions';
import { userTypeLabel } from './resource';

/** The user form's fields. The company only matters (and shows) for a CLIENTE-role type. */
export function UserFields({
  adding,
  readOnly,
  roleOf,
}: {
  adding: boolean;
  readOnly: boolean;
  roleOf: (userTypeId: unknown) => UserType['role'] | undefined;
}) {
  const types = useOptions(usersTypesResource, userTypeLabel);
  const companies = useOptions(companiesResource, (c) => c.name);
  const userTypeId = useWatch({ name: 'userTypeId' });
  const [changingPassword, setChangingPassword] = useState(adding);
  const isClient = roleOf(userTypeId) === 'CLIENTE';

  return (
    <div className={classes.grid}>
      <TextField name="name" label="Nombre y apellido" withAsterisk autoComplete="off" />
      <TextField name="alias" label="Usuario (alias)" withAsterisk autoComplete="off" spellCheck={false} />
      <TextField name="email" label="Correo electrónico" type="email" autoComplete="off" />
      <SelectField
        name="userTypeId"
        label="Tipo de usuario"
        withAsterisk
        data={types.options}
        placeholder={types.loading ? 'Cargando…' : 'Elija un tipo'}
        description="El rol del tipo decide los permisos."
      />
      {isClient ? (
        <SelectField
          name="companyId"
          label="Compañía"
          withAsterisk
          searchable
          data={companies.options}
          placeholder={companies.loading ? 'Cargando…' : 'Elija la compañía del cliente'}
          description="Un usuario CLIENTE solo ve las deudas de su compañía."
        />
      ) : null}
      <div className={classes.wide}>
        <SwitchField name="active" label="Activo" description="Un usuario inactivo no puede ingresar." />
      </div>
      {changingPassword ? (
        <PasswordField
          name="password"
          label={adding ? 'Contraseña' : 'Nueva contraseña'}
          withAsterisk
          autoComplete="new-password"
          description="Al menos 8 caracteres."
          unregister={!adding}
        />
      ) : null}
      {!adding && !readOnly ? (
        <div className={classes.wide}>
          <Button
            variant="light"
            leftSection={<IconKey size={18} />}
            onClick={() => setChangingPassword((value) => !value)}
          >
            {changingPassword ? 'No cambiar la contraseña' : 'Cambiar contraseña'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

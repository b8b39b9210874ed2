import { type Debtor, debtorCreateSchema, debtorsResource, onlyDigits, personName } from '@cobranzas/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/resource/fields';
import { applyServerErrors } from '../../../components/resource/serverErrors';
import { maskCuit } from '../../../lib/format';
import { useSaveRecord } from '../../../lib/resourceQueries';
import { DebtorIdentityFields } from '../../debtors/DebtorFields';
import classes from './form.module.css';

const schema = debtorCreateSchema.pick({
  dni: true,
  cuit: true,
  lastName: true,
  firstName: true,
  phone: true,
  email: true,
});
type Values = z.input<typeof schema>;

/** A compact debtor form (POST /debtors) for the debt form: what is typed in the search comes in. */
export function InlineDebtor({
  searched,
  onCreated,
}: {
  searched: string;
  onCreated: (debtor: Debtor) => void;
}) {
  const save = useSaveRecord(debtorsResource, { wait: false });
  const digits = onlyDigits(searched);
  const cuit = digits.length === 11 ? digits : '';
  // A CUIT/CUIL holds the DNI in digits 3–10.
  const dni = digits.length <= 8 ? digits : cuit.slice(2, 10).replace(/^0+/, '');
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      dni,
      cuit: cuit ? maskCuit(cuit) : '',
      lastName: '',
      firstName: '',
      phone: '',
      email: '',
    },
    mode: 'onTouched',
  });
  const [error, setError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const debtor = await save.mutateAsync({ body: values });
      notifications.show({
        color: 'green',
        title: 'Deudor creado',
        message: `Se creó el deudor «${personName(debtor)}».`,
      });
      onCreated(debtor);
    } catch (failure) {
      setError(applyServerErrors(failure, form.setError, Object.keys(values)));
    }
  });

  return (
    <FormProvider {...form}>
      <form className={classes.inline} onSubmit={submit} noValidate aria-labelledby="nuevo-deudor">
        <h3 id="nuevo-deudor" className={classes.inlineTitle}>
          Nuevo deudor
        </h3>
        <div className={classes.grid}>
          <DebtorIdentityFields />
          <TextField name="phone" label="Teléfono" type="tel" autoComplete="off" />
          <TextField name="email" label="Correo electrónico" type="email" autoComplete="off" />
        </div>
        {error ? (
          <Alert color="red" variant="light" role="alert" mt="sm" title="No se pudo crear el deudor">
            {error}
          </Alert>
        ) : null}
        <div className={classes.inlineActions}>
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            leftSection={<IconUserPlus size={16} />}
          >
            Crear deudor
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

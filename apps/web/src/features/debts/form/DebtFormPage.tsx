import '../common/styles';
import { debtsResource, personName } from '@cobranzas/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { messageOf, statusOf } from '../../../components/resource/http';
import { PageHeader } from '../../../components/resource/PageHeader';
import resource from '../../../components/resource/resource.module.css';
import { applyServerErrors } from '../../../components/resource/serverErrors';
import { LoadFailed, MissingRecord } from '../../../components/resource/states';
import { UnsavedChangesGuard } from '../../../components/resource/useUnsavedChanges';
import { useSaveRecord } from '../../../lib/resourceQueries';
import { useDebt } from '../common/hooks';
import type { DebtorSummary } from '../search/DebtorCard';
import { DebtFields } from './DebtFields';
import { DebtorPicker } from './DebtorPicker';
import { type DebtFormValues, debtFormSchema, debtToForm, emptyDebt, FORM_FIELDS } from './debtForm';

type DebtPayload = z.output<typeof debtFormSchema>;

import classes from './form.module.css';

export function DebtAddPage() {
  const [params] = useSearchParams();
  const dni = params.get('dni')?.replace(/\D/g, '') ?? '';
  const stage = params.get('debtTypeId');
  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader title="Nueva deuda" />
      <DebtForm
        defaults={emptyDebt(stage && /^\d+$/.test(stage) ? stage : null)}
        debtor={null}
        initialDni={dni}
      />
    </section>
  );
}

export function DebtEditPage() {
  const { id = '' } = useParams();
  const query = useDebt(id, true);
  const status = statusOf(query.error);
  let body: React.ReactNode = null;
  if (query.isPending) body = <div className={classes.loading} role="status" aria-busy="true" />;
  else if (status === 404 || status === 400) body = <MissingRecord listPath="/debts/search" />;
  else if (!query.data)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else
    body = (
      <DebtForm
        key={query.data.updatedAt}
        id={query.data.id}
        defaults={debtToForm(query.data)}
        debtor={query.data.debtor}
        initialDni=""
      />
    );
  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader title="Editar deuda" />
      {body}
    </section>
  );
}

/** The debt form: debtor first (found or created), then the debt; saved → toast → the debt file. */
function DebtForm({
  id,
  defaults,
  debtor: initialDebtor,
  initialDni,
}: {
  id?: number;
  defaults: DebtFormValues;
  debtor: DebtorSummary | null;
  initialDni: string;
}) {
  const form = useForm<DebtFormValues, unknown, DebtPayload>({
    // The form holds a null debtorId until one is chosen; the schema is what refuses it.
    resolver: zodResolver(debtFormSchema) as unknown as Resolver<DebtFormValues, unknown, DebtPayload>,
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const navigate = useNavigate();
  const save = useSaveRecord(debtsResource);
  const [debtor, setDebtor] = useState<DebtorSummary | null>(initialDebtor);
  const [formError, setFormError] = useState<string | null>(null);
  const saved = useRef(false);
  const back = id ? `/debts/view/${id}` : '/debts/search';

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      // Stage and status are not the edit's to change: the API refuses them (400) on a PATCH.
      const { debtTypeId: _stage, status: _status, ...edited } = values;
      const debt = await save.mutateAsync({ id, body: id === undefined ? values : edited });
      saved.current = true;
      notifications.show({
        color: 'green',
        title: 'Guardado',
        message: `Se guardó la deuda N.º ${debt.id} de ${personName(debt.debtor)}.`,
      });
      navigate(`/debts/view/${debt.id}`);
    } catch (failure) {
      setFormError(applyServerErrors(failure, form.setError, FORM_FIELDS));
    }
  });

  return (
    <FormProvider {...form}>
      <section className={`${resource.card} ${classes.debtorCard}`} aria-labelledby="deudor-titulo">
        <h2 id="deudor-titulo" className={resource.sectionTitle}>
          Deudor
        </h2>
        <DebtorPicker
          debtor={debtor}
          initialDni={initialDni}
          error={form.formState.errors.debtorId?.message}
          onChange={(next) => {
            setDebtor(next);
            form.setValue('debtorId', next?.id ?? null, {
              shouldDirty: true,
              shouldValidate: form.formState.isSubmitted,
            });
          }}
        />
      </section>
      <form className={resource.card} onSubmit={submit} noValidate aria-labelledby="page-title">
        <div className={resource.form}>
          <DebtFields editing={id !== undefined} />
        </div>
        {formError ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            className={resource.notice}
            title="No se pudo guardar"
          >
            {formError}
          </Alert>
        ) : null}
        <div className={resource.footer}>
          <Button component={Link} to={back} variant="default">
            Cancelar
          </Button>
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            leftSection={<IconDeviceFloppy size={18} />}
          >
            Guardar
          </Button>
        </div>
      </form>
      <UnsavedChangesGuard dirty={form.formState.isDirty} bypass={saved} />
    </FormProvider>
  );
}

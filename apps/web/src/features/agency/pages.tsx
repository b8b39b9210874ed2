import '../../components/resource/mantineStyles';
import { useAbility } from '@casl/react';
import {
  AGENCY_LOGO_MAX_BYTES,
  AGENCY_LOGO_MAX_SIDE,
  AGENCY_LOGO_TYPES,
  type Agency,
  type AgencyUpdate,
  type AppAbility,
  agencyUpdateSchema,
  MESSAGES,
  VAT_STATUS_LABELS,
  VAT_STATUS_VALUES,
} from '@cobranzas/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Skeleton, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FileDrop } from '../../components/FileDrop';
import { CuitField, SelectField, TextField } from '../../components/resource/fields';
import { messageOf, statusOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { applyServerErrors } from '../../components/resource/serverErrors';
import { Callout, ForbiddenState, LoadFailed } from '../../components/resource/states';
import { UnsavedChangesGuard } from '../../components/resource/useUnsavedChanges';
import { maskCuit } from '../../lib/format';
import { ContactHoursFields } from '../contacts/ContactHoursFields';
import classes from './agency.module.css';
import { agencyKeys, fetchAgency, fetchLogo, removeLogo, saveAgency, uploadLogo } from './api';

type FormValues = z.input<typeof agencyUpdateSchema>;

const VAT_OPTIONS = VAT_STATUS_VALUES.map((value) => ({ value, label: VAT_STATUS_LABELS[value] }));

const toForm = (agency: Agency): FormValues => ({
  name: agency.name,
  cuit: agency.cuit ? maskCuit(agency.cuit) : '',
  address: agency.address ?? '',
  city: agency.city ?? '',
  phone: agency.phone ?? '',
  email: agency.email ?? '',
  vatStatus: agency.vatStatus,
  cbu: agency.cbu ?? '',
  cbuAlias: agency.cbuAlias ?? '',
  contactDays: agency.contactDays,
  contactFrom: agency.contactFrom,
  contactTo: agency.contactTo,
});

/**
 * Administración → Datos de la agencia (issue 17): what receipts, letters and settlements print.
 * Staff read it; only an ADMIN saves it or changes the logo (the rest see it read-only).
 */
export function AgencyPage() {
  const ability = useAbility<AppAbility>();
  const readOnly = !ability.can('edit', 'SystemManagement');
  const query = useQuery({ queryKey: agencyKeys.all, queryFn: fetchAgency, staleTime: 0 });
  const agency = query.data;
  let body: React.ReactNode;
  if (query.isPending)
    body = (
      <div className={`${resource.card} ${resource.form}`} role="status" aria-busy="true">
        <VisuallyHidden>Cargando los datos de la agencia…</VisuallyHidden>
        <div className={resource.grid}>
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
            <Skeleton key={index} height={58} />
          ))}
        </div>
      </div>
    );
  else if (statusOf(query.error) === 403) body = <ForbiddenState />;
  else if (!agency)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else
    body = (
      <>
        <AgencyForm key={agency.updatedAt} agency={agency} readOnly={readOnly} />
        <div className={resource.extra}>
          <LogoSection agency={agency} readOnly={readOnly} />
        </div>
      </>
    );
  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader title="Datos de la agencia" badge={agency && readOnly ? 'Solo lectura' : undefined} />
      {body}
    </section>
  );
}

function AgencyForm({ agency, readOnly }: { agency: Agency; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const form = useForm<FormValues, unknown, z.output<typeof agencyUpdateSchema>>({
    resolver: zodResolver(agencyUpdateSchema),
    defaultValues: toForm(agency),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const never = useRef(false);
  const { isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (readOnly) return;
    setFormError(null);
    try {
      const saved = await saveAgency(values as AgencyUpdate);
      form.reset(toForm(saved));
      queryClient.setQueryData(agencyKeys.all, saved);
      notifications.show({
        color: 'green',
        title: 'Guardado',
        message: 'Se guardaron los datos de la agencia.',
      });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, Object.keys(form.getValues())));
    }
  });

  return (
    <FormProvider {...form}>
      <form className={resource.card} onSubmit={onSubmit} noValidate aria-labelledby="page-title">
        <fieldset className={resource.fieldset} disabled={readOnly}>
          <div className={resource.form}>
            <p className={classes.hint}>
              Estos datos encabezan los recibos, las cartas y las rendiciones que emite el sistema.
            </p>
            {agency.cuit || readOnly ? null : (
              <Callout tone="warning" title="Falta el CUIT de la agencia">
                <p>Complete el CUIT: sin él estos datos no se pueden guardar.</p>
              </Callout>
            )}
            <div className={resource.grid}>
              <TextField name="name" label="Nombre o razón social" withAsterisk maxLength={200} />
              <CuitField
                name="cuit"
                label="CUIT"
                withAsterisk
                description="Obligatorio para guardar: se imprime en recibos y rendiciones"
              />
              <TextField name="address" label="Domicilio" maxLength={300} />
              <TextField
                name="city"
                label="Localidad"
                description="Encabeza la fecha de las cartas"
                maxLength={80}
              />
              <TextField name="phone" label="Teléfono" maxLength={60} />
              <TextField name="email" label="Correo electrónico" type="email" maxLength={120} />
              <SelectField
                name="vatStatus"
                label="Condición frente al IVA"
                description="Define el IVA sobre la comisión en las rendiciones"
                data={VAT_OPTIONS}
                allowDeselect={false}
              />
            </div>
            <section className={classes.hours} aria-labelledby="agency-bank-title">
              <h2 id="agency-bank-title" className={resource.sectionTitle}>
                Cuenta para transferencias
              </h2>
              <p className={classes.hint}>
                Sin una pasarela de pagos configurada, el portal del deudor le indica transferir a esta cuenta
                con la referencia de su pago.
              </p>
              <div className={resource.grid}>
                <TextField
                  name="cbu"
                  label="CBU o CVU"
                  inputMode="numeric"
                  maxLength={40}
                  description="22 dígitos"
                />
                <TextField name="cbuAlias" label="Alias" maxLength={20} description="De 6 a 20 caracteres" />
              </div>
            </section>
            <section className={classes.hours} aria-labelledby="agency-hours-title">
              <h2 id="agency-hours-title" className={resource.sectionTitle}>
                Horario de contacto
              </h2>
              <p className={classes.hint}>
                Cuándo se puede llamar a los deudores (hora de Argentina). Fuera de este horario la cola
                muestra la deuda como «no se puede llamar ahora» y una llamada pide confirmación y queda
                marcada. Cada compañía puede tener el suyo.
              </p>
              <div className={resource.grid}>
                <ContactHoursFields />
              </div>
            </section>
          </div>
        </fieldset>
        {formError ? (
          <Callout tone="error" title="No se pudo guardar" className={resource.notice}>
            <p>{formError}</p>
          </Callout>
        ) : null}
        {readOnly ? null : (
          <div className={resource.footer}>
            <Button type="submit" loading={isSubmitting} leftSection={<IconDeviceFloppy size={18} />}>
              Guardar
            </Button>
          </div>
        )}
      </form>
      <UnsavedChangesGuard dirty={isDirty && !readOnly} bypass={never} />
    </FormProvider>
  );
}

/** The logo as an object URL while the page shows it (fetched with the token, freed after). */
function useLogoUrl(agency: Agency) {
  const query = useQuery({
    queryKey: agencyKeys.logo(agency.updatedAt),
    queryFn: fetchLogo,
    enabled: agency.hasLogo,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!agency.hasLogo || !query.data) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(query.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [agency.hasLogo, query.data]);
  return { url, loading: agency.hasLogo && query.isPending, failed: query.isError };
}

/** The file's own check before sending it (the server checks the bytes again). */
function refusal(file: File): string | null {
  if (!(AGENCY_LOGO_TYPES as readonly string[]).includes(file.type)) return MESSAGES.agencyLogoType;
  if (file.size > AGENCY_LOGO_MAX_BYTES) return MESSAGES.agencyLogoTooLarge;
  return null;
}

function LogoSection({ agency, readOnly }: { agency: Agency; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const logo = useLogoUrl(agency);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: uploadLogo,
    onSuccess: (saved) => {
      setError(null);
      queryClient.setQueryData(agencyKeys.all, saved);
      notifications.show({
        color: 'green',
        title: 'Logo actualizado',
        message: 'Se guardó el logo de la agencia.',
      });
    },
    onError: (failure) => setError(messageOf(failure)),
  });
  const remove = useMutation({
    mutationFn: removeLogo,
    onSuccess: async () => {
      setError(null);
      await queryClient.invalidateQueries({ queryKey: agencyKeys.all });
      notifications.show({ color: 'green', title: 'Logo quitado', message: 'La agencia ya no tiene logo.' });
    },
    onError: (failure) => setError(messageOf(failure)),
  });
  const busy = upload.isPending || remove.isPending;

  return (
    <section className={resource.card} aria-labelledby="agency-logo-title">
      <div className={resource.form}>
        <h2 id="agency-logo-title" className={resource.sectionTitle}>
          Logo
        </h2>
        <p className={classes.hint}>
          Imagen PNG o JPEG de hasta 300 KB y {`${AGENCY_LOGO_MAX_SIDE}\u00a0×\u00a0${AGENCY_LOGO_MAX_SIDE}`}{' '}
          píxeles. Se imprime arriba a la izquierda.
        </p>
        <div className={classes.logoRow}>
          <div className={classes.preview}>
            {logo.url ? (
              <img src={logo.url} alt="Logo actual de la agencia" />
            ) : logo.loading ? (
              <Skeleton height={90} width={180} role="status" aria-label="Cargando el logo" />
            ) : logo.failed ? (
              'No se pudo mostrar el logo.'
            ) : (
              'Sin logo'
            )}
          </div>
          {readOnly ? null : (
            <FileDrop
              accept="image/png,image/jpeg"
              className={classes.drop}
              invalid={error !== null}
              input={{ 'aria-label': 'Elegir la imagen del logo' }}
              onFiles={([file]) => {
                if (!file || busy) return;
                const refused = refusal(file);
                if (refused) setError(refused);
                else upload.mutate(file);
              }}
            >
              <FileDrop.Title>{upload.isPending ? 'Subiendo…' : 'Elegir una imagen'}</FileDrop.Title>
              <span>o arrástrela aquí</span>
            </FileDrop>
          )}
          {!readOnly && agency.hasLogo ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={18} />}
              loading={remove.isPending}
              disabled={upload.isPending}
              onClick={() => remove.mutate()}
            >
              Quitar logo
            </Button>
          ) : null}
        </div>
        {error ? (
          <Callout tone="error" title="No se pudo cambiar el logo" className={classes.hint}>
            <p>{error}</p>
          </Callout>
        ) : null}
      </div>
    </section>
  );
}

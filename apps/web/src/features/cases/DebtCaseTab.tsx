import './styles';
import {
  CASE_KIND_LABELS,
  CASE_MESSAGES,
  type Case,
  type CaseKind,
  caseCreateSchema,
  casesResource,
  DEBT_TYPE_IDS,
  type Debt,
  debtsResource,
  draftCaption,
} from '@cobranzas/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconGavel } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type DefaultValues, FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { TextField } from '../../components/resource/fields';
import { applyServerErrors } from '../../components/resource/serverErrors';
import { Callout } from '../../components/resource/states';
import { resourceQueries, useSaveRecord } from '../../lib/resourceQueries';
import type { TabProps } from '../debts/view/RecordTab';
import { EmptyTab } from '../debts/view/TabSection';
import view from '../debts/view/view.module.css';
import { CaseFields } from './CaseFields';
import classes from './cases.module.css';
import { DeadlineBadge } from './DeadlineBadge';
import { Fact } from './Fact';
import { useCaseCatalogs } from './hooks';

const openSchema = caseCreateSchema.omit({ debtId: true });
type OpenValues = z.input<typeof openSchema>;

const draftOf = (debt: Debt, kind: CaseKind) => draftCaption(debt.companyName, debt.debtor, kind);

/**
 * Expediente (issue 37), on the debt's page: its court case, with a link to the case's page, or, for
 * a judicial debt without one, the form that opens it (staff). A CLIENTE only reads.
 */
export function DebtCaseTab({ debt, perms }: TabProps) {
  const judicial = debt.debtTypeId === DEBT_TYPE_IDS.JUDICIAL;
  let body: React.ReactNode;
  if (debt.judicialCase) body = <CaseSummary summary={debt.judicialCase} />;
  else if (!judicial)
    body = <EmptyTab text={perms.add ? CASE_MESSAGES.notJudicial : 'La deuda no tiene expediente.'} />;
  else if (perms.add) body = <OpenCaseForm debt={debt} catalogs={perms.catalogs} />;
  else body = <EmptyTab text="Todavía no se abrió el expediente de esta deuda." />;
  return (
    <div className={view.tab}>
      <div className={view.tabHeader}>
        <h2 className={view.tabTitle}>
          {debt.judicialCase || !perms.add || !judicial ? 'Expediente' : 'Abrir expediente'}
        </h2>
      </div>
      {body}
    </div>
  );
}

/** The case in a few facts (the debt embeds them; the case itself adds its carátula and status). */
function CaseSummary({ summary }: { summary: NonNullable<Debt['judicialCase']> }) {
  const query = useQuery({ ...resourceQueries(casesResource).detail(summary.id), select: (r) => r as Case });
  const full = query.data;
  return (
    <div className={classes.summary}>
      {full ? <p className={classes.caption}>{full.caption}</p> : null}
      <dl className={classes.facts}>
        <Fact label="Jurisdicción" value={summary.jurisdictionName} />
        <Fact label="Juzgado" value={summary.court} />
        <Fact label="N.º de expediente" value={summary.number} />
        {full ? <Fact label="Tipo de proceso" value={CASE_KIND_LABELS[full.kind]} /> : null}
        {full ? <Fact label="Estado" value={full.statusName} /> : null}
        {full ? <Fact label="Abogado" value={full.lawyerName} /> : null}
        <div>
          <dt>Próximo vencimiento</dt>
          <dd>
            <DeadlineBadge on={summary.nextDeadlineOn} />
          </dd>
        </div>
      </dl>
      <Button
        component={Link}
        to={`/cases/${summary.id}`}
        variant="light"
        rightSection={<IconArrowRight size={16} />}
        className={classes.summaryLink}
      >
        Ver expediente
      </Button>
    </div>
  );
}

/**
 * The opening form: the carátula drafted from the company, the debtor and the kind (drafted again when
 * the kind changes, until someone edits it), the court and number from the debt's.
 */
function OpenCaseForm({ debt, catalogs }: { debt: Debt; catalogs: boolean }) {
  const options = useCaseCatalogs(catalogs);
  const defaults: OpenValues = {
    caption: draftOf(debt, 'EJECUTIVO'),
    kind: 'EJECUTIVO',
    jurisdictionId: null,
    fuero: '',
    court: debt.court ?? '',
    secretary: '',
    number: debt.caseNumber ?? '',
    filedOn: null,
    closedOn: null,
    lawyerId: null,
    statusId: null,
    internalNotes: '',
  };
  const form = useForm<OpenValues, unknown, z.output<typeof openSchema>>({
    resolver: zodResolver(openSchema),
    defaultValues: defaults as DefaultValues<OpenValues>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const save = useSaveRecord(casesResource, { also: [debtsResource] });
  const [formError, setFormError] = useState<string | null>(null);
  const busy = useRef(false);

  const submit = form.handleSubmit(async (values) => {
    if (busy.current) return;
    busy.current = true;
    setFormError(null);
    try {
      await save.mutateAsync({ body: { ...values, debtId: debt.id } });
      notifications.show({
        color: 'green',
        title: 'Expediente abierto',
        message: `Se abrió el expediente «${values.caption || draftOf(debt, values.kind)}».`,
      });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, Object.keys(form.getValues())));
    } finally {
      busy.current = false;
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label="Abrir expediente">
        <p className={view.explain}>
          La deuda está en etapa judicial y todavía no tiene expediente. Cargue los datos del juicio; la
          carátula se arma sola y se puede corregir.
        </p>
        <div className={view.modalGrid}>
          <CaseFields options={options} caption={<CaptionField debt={debt} />} closing={false} />
        </div>
        {formError ? (
          <Callout tone="error" title="No se pudo abrir el expediente" className={classes.formError}>
            <p>{formError}</p>
          </Callout>
        ) : null}
        <div className={classes.formFooter}>
          <Button type="submit" loading={form.formState.isSubmitting} leftSection={<IconGavel size={18} />}>
            Abrir expediente
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** The carátula: drafted again when the kind changes, as long as it still reads as the last draft. */
function CaptionField({ debt }: { debt: Debt }) {
  const { control, getValues, setValue } = useFormContext<OpenValues>();
  const kind = (useWatch({ control, name: 'kind' }) ?? 'EJECUTIVO') as CaseKind;
  const drafted = useRef(draftOf(debt, kind));
  useEffect(() => {
    const next = draftOf(debt, kind);
    const current = (getValues('caption') ?? '').trim();
    if (current === '' || current === drafted.current) setValue('caption', next, { shouldDirty: true });
    drafted.current = next;
  }, [kind, debt, getValues, setValue]);
  return (
    <TextField
      name="caption"
      label="Carátula"
      description="«EMPRESA c/ DEUDOR s/ PROCESO»: se arma con el tipo de proceso mientras no se la edite."
      autoComplete="off"
    />
  );
}

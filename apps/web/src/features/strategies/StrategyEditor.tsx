import {
  describeStrategy,
  STRATEGY_TRIGGER_LABELS,
  STRATEGY_TRIGGERS,
  type Strategy,
  type StrategyNames,
  type StrategyTrigger,
  strategiesResource,
  strategyCreateSchema,
} from '@cobranzas/shared';
import { Button, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fieldErrorsOf, messageOf } from '../../components/resource/http';
import resource from '../../components/resource/resource.module.css';
import { Callout } from '../../components/resource/states';
import { UnsavedChangesGuard } from '../../components/resource/useUnsavedChanges';
import { useSaveRecord } from '../../lib/resourceQueries';
import { ActionsEditor } from './ActionsEditor';
import { ConditionsFields } from './ConditionsFields';
import { bodyOf, type ConditionsDraft, type Draft, errorsOfIssues, type FieldErrors, ruleOf } from './draft';
import { useMessagingReady, useStrategyCatalogs } from './hooks';
import classes from './strategies.module.css';

const TRIGGER_OPTIONS = STRATEGY_TRIGGERS.map((t) => ({ value: t, label: STRATEGY_TRIGGER_LABELS[t] }));

/** The keys the editor shows under a field; any other error goes above the buttons. */
const SHOWN = /^(name|description|active|trigger|runAt|conditions\.\w+|actions(\.\d+(\.\w+(\.\d+)?)?)?)$/;

/** The rule in words, as it is being written (issue 36): read it before saving. */
function Summary({ draft, names }: { draft: Draft; names: StrategyNames }) {
  return (
    <section className={classes.summary} aria-labelledby="strategy-summary">
      <h2 id="strategy-summary" className={classes.summaryTitle}>
        Qué va a hacer
      </h2>
      <p className={classes.summaryText} aria-live="polite">
        {describeStrategy(ruleOf(draft), names)}
      </p>
    </section>
  );
}

/**
 * The strategy's form: its data and trigger, the conditions, the ordered actions and the live
 * summary. Checked with the shared schema before sending; the API's 400 lands under its field.
 */
export function StrategyEditor({ id, initial }: { id?: number | undefined; initial: Draft }) {
  const navigate = useNavigate();
  const catalogs = useStrategyCatalogs();
  const ready = useMessagingReady();
  const save = useSaveRecord(strategiesResource, { wait: false });
  const [draft, setDraft] = useState(initial);
  const [start] = useState(() => JSON.stringify(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const saved = useRef(false);
  const busy = useRef(false);

  /** Applies a change and forgets the errors of what changed (`prefixes`: their keys' start). */
  const change = (patch: Partial<Draft> | ((d: Draft) => Partial<Draft>), ...prefixes: string[]) => {
    setDraft((d) => ({ ...d, ...(typeof patch === 'function' ? patch(d) : patch) }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !prefixes.some((p) => key.startsWith(p)))),
    );
  };
  const changeConditions = (patch: Partial<ConditionsDraft>) =>
    change(
      (d) => ({ conditions: { ...d.conditions, ...patch } }),
      // A range's message sits on its maximum: changing either end clears it.
      ...Object.keys(patch).map((k) => `conditions.${k.replace(/M(in|ax)$/, '')}`),
    );
  const error = (key: string) => errors[key];

  /** Errors under their fields; those no field shows go above the buttons (else `fallback`). */
  const report = (found: FieldErrors, fallback: string | null) => {
    const hidden = Object.entries(found)
      .filter(([key]) => !SHOWN.test(key))
      .map(([, message]) => message);
    setErrors(found);
    setFormError(hidden.length > 0 ? hidden.join(' ') : fallback);
    // The first field in error takes the focus once it shows its message.
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    const body = bodyOf(draft);
    const checked = strategyCreateSchema.safeParse(body);
    if (!checked.success) {
      report(errorsOfIssues(checked.error.issues), 'Revise los datos marcados.');
      return;
    }
    busy.current = true;
    try {
      const record = (await save.mutateAsync({ id, body })) as Strategy;
      saved.current = true;
      notifications.show({
        color: 'green',
        title: 'Guardado',
        message: `Se guardó la estrategia «${record.name}».`,
      });
      navigate(`/strategies/view/${record.id}`);
    } catch (failure) {
      const found = Object.fromEntries(
        Object.entries(fieldErrorsOf(failure)).map(([key, messages]) => [key, messages[0] ?? '']),
      );
      report(found, Object.keys(found).length > 0 ? null : messageOf(failure));
    } finally {
      busy.current = false;
    }
  };

  const returnTo = id === undefined ? '/strategies/list' : `/strategies/view/${id}`;
  return (
    <form
      ref={form}
      className={resource.card}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="page-title"
    >
      <div className={resource.form}>
        <section className={resource.section} aria-labelledby="strategy-data">
          <h2 id="strategy-data" className={resource.sectionTitle}>
            Datos
          </h2>
          <div className={classes.grid}>
            <TextInput
              label="Nombre"
              withAsterisk
              maxLength={120}
              autoComplete="off"
              value={draft.name}
              onChange={(e) => change({ name: e.currentTarget.value }, 'name')}
              error={error('name')}
            />
            <Switch
              className={classes.switch}
              label="Activa"
              description="Una estrategia inactiva no corre sola ni se puede ejecutar."
              checked={draft.active}
              onChange={(e) => change({ active: e.currentTarget.checked }, 'active')}
            />
            <Textarea
              className={classes.wide}
              label="Descripción"
              autosize
              minRows={2}
              maxLength={2000}
              value={draft.description}
              onChange={(e) => change({ description: e.currentTarget.value }, 'description')}
              error={error('description')}
            />
            <Select
              label="Cuándo corre"
              withAsterisk
              data={TRIGGER_OPTIONS}
              value={draft.trigger}
              onChange={(v) =>
                change({ trigger: (v ?? draft.trigger) as StrategyTrigger }, 'trigger', 'runAt')
              }
              allowDeselect={false}
              error={error('trigger')}
            />
            {draft.trigger === 'DAILY' ? (
              <TextInput
                label="Hora"
                description="Hora de la agencia (HH:MM)."
                withAsterisk
                placeholder="HH:MM"
                inputMode="numeric"
                maxLength={5}
                autoComplete="off"
                value={draft.runAt}
                onChange={(e) => change({ runAt: e.currentTarget.value }, 'runAt')}
                error={error('runAt')}
              />
            ) : null}
          </div>
        </section>
        <section className={resource.section} aria-labelledby="strategy-conditions">
          <h2 id="strategy-conditions" className={resource.sectionTitle}>
            Qué deudas toma
          </h2>
          <ConditionsFields
            value={draft.conditions}
            onChange={changeConditions}
            error={(field) => error(`conditions.${field}`)}
            companies={catalogs.companies}
            stages={catalogs.stages}
          />
        </section>
        <section className={resource.section} aria-labelledby="strategy-actions">
          <h2 id="strategy-actions" className={resource.sectionTitle}>
            Qué hace con cada una, en orden
          </h2>
          <ActionsEditor
            actions={draft.actions}
            onChange={(actions) => change({ actions }, 'actions')}
            error={error}
            options={catalogs}
            ready={ready}
          />
        </section>
        <Summary draft={draft} names={catalogs.names} />
      </div>
      {formError ? (
        <Callout tone="error" title="No se pudo guardar" className={resource.notice}>
          <p>{formError}</p>
        </Callout>
      ) : null}
      <div className={resource.footer}>
        <Button component={Link} to={returnTo} variant="default">
          Cancelar
        </Button>
        <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
          Guardar
        </Button>
      </div>
      <UnsavedChangesGuard dirty={JSON.stringify(draft) !== start} bypass={saved} />
    </form>
  );
}

import './mantineStyles';
import { useAbility } from '@casl/react';
import type { AppAbility } from '@cobranzas/shared';
import { Skeleton, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import { resourceQueries } from '../../lib/resourceQueries';
import { messageOf, statusOf } from './http';
import { PageHeader } from './PageHeader';
import { ResourceForm } from './ResourceForm';
import classes from './resource.module.css';
import { ForbiddenState, LoadFailed, MissingRecord } from './states';
import type { ResourceInfo } from './types';

type Context<R> = { record: R | undefined; readOnly: boolean };

export type FormPageProps<In extends FieldValues, Out, R> = {
  info: ResourceInfo;
  title: string;
  schema: z.ZodType<Out, In>;
  /** The edited record's id (route param); absent on the add page. */
  id?: string | undefined;
  /** The add page's starting values. */
  defaults: In;
  /** The edit page's starting values, from the record. */
  toForm: (record: R) => In;
  toPayload?: (values: Out) => unknown;
  label: (values: Out) => string;
  /** Why a record cannot be changed at all (fixed ids), or null. */
  locked?: (record: R) => string | null;
  children: (context: Context<R>) => ReactNode;
  /** Where the add page goes after saving (default: back to the list), from the saved record. */
  afterSave?: (saved: R) => string;
  /** The submit button's label (default «Guardar»). */
  submitLabel?: string;
  /** Sections under the form on the edit page (related records). */
  after?: (context: Context<R> & { record: R }) => ReactNode;
};

/** The generic add/edit screen: loads the record when editing, then the form, read-only without edit rights. */
export function FormPage<In extends FieldValues, Out, R extends { id: number; updatedAt?: string }>(
  props: FormPageProps<In, Out, R>,
) {
  const { info, title, id } = props;
  const ability = useAbility<AppAbility>();
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';
  const returnTo = `${info.basePath}/list${listSearch}`;
  const query = useQuery({
    ...resourceQueries(info.definition).detail(id ?? ''),
    select: (record) => record as R,
    enabled: id !== undefined,
    // Always the latest version in the form, never a cached one.
    staleTime: 0,
    gcTime: 0,
  });

  if (id === undefined) {
    return (
      <section className={classes.page} aria-labelledby="page-title">
        <PageHeader title={title} />
        <ResourceForm {...formProps(props, undefined, false, returnTo)}>
          {props.children({ record: undefined, readOnly: false })}
        </ResourceForm>
      </section>
    );
  }

  const record = query.data;
  const lockReason = record && props.locked ? props.locked(record) : null;
  const readOnly = !ability.can('edit', info.definition.subject) || lockReason !== null;
  const status = statusOf(query.error);
  let body: ReactNode;
  if (query.isPending) body = <FormSkeleton />;
  else if (status === 404 || status === 400) body = <MissingRecord listPath={returnTo} />;
  else if (status === 403) body = <ForbiddenState />;
  else if (!record)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else {
    body = (
      <>
        {lockReason ? <p className={classes.lockNote}>{lockReason}</p> : null}
        <ResourceForm
          key={`${record.id}-${record.updatedAt ?? ''}`}
          {...formProps(props, record, readOnly, returnTo)}
        >
          {props.children({ record, readOnly })}
        </ResourceForm>
        {props.after ? <div className={classes.extra}>{props.after({ record, readOnly })}</div> : null}
      </>
    );
  }
  return (
    <section className={classes.page} aria-labelledby="page-title">
      <PageHeader title={title} badge={record && readOnly ? 'Solo lectura' : undefined} />
      {body}
    </section>
  );
}

function formProps<In extends FieldValues, Out, R>(
  props: FormPageProps<In, Out, R>,
  record: (R & { id: number }) | undefined,
  readOnly: boolean,
  returnTo: string,
) {
  return {
    info: props.info,
    id: record?.id,
    schema: props.schema,
    defaultValues: record ? props.toForm(record) : props.defaults,
    readOnly,
    toPayload: props.toPayload,
    label: props.label,
    returnTo,
    afterSave: props.afterSave as ((saved: unknown) => string) | undefined,
    submitLabel: props.submitLabel,
  };
}

function FormSkeleton() {
  return (
    <div className={`${classes.card} ${classes.form}`} role="status" aria-busy="true">
      <VisuallyHidden>Cargando el registro…</VisuallyHidden>
      <div className={classes.grid}>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
          <Skeleton key={index} height={58} />
        ))}
      </div>
    </div>
  );
}

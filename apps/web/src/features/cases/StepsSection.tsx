import {
  agencyToday,
  type Case,
  type CaseStep,
  caseStepsResource,
  casesResource,
  DOCUMENT_ACCEPT,
  debtsResource,
  documentsResource,
  LABELS,
  LIST_MAX_LIMIT,
  type TaskStatus,
  tasksResource,
} from '@cobranzas/shared';
import { ActionIcon, Anchor, Button, FileButton, Progress, Timeline, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconGavel, IconHourglass, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { messageOf } from '../../components/resource/http';
import { listSpec } from '../../components/resource/types';
import { useDeleteConfirm } from '../../components/resource/useDeleteConfirm';
import { formatDate } from '../../lib/format';
import { resourceQueries, useResourceMutation, useSaveRecord } from '../../lib/resourceQueries';
import { downloadDocument } from '../debts/common/api';
import type { Permissions } from '../debts/common/hooks';
import { Pill } from '../debts/common/Pill';
import { useDocumentUploads } from '../debts/common/useDocumentUploads';
import { TabSection } from '../debts/view/TabSection';
import { uploadStepDocument } from './api';
import classes from './cases.module.css';
import { DeadlineBadge } from './DeadlineBadge';
import { useCaseCatalogs } from './hooks';
import { StepDialog, type StepOutput } from './StepDialog';

/** The case's steps, newest first (test/resources.test.ts checks it against the definition). */
export const CASE_STEPS_LIST = listSpec({
  definition: caseStepsResource,
  filters: ['caseId'],
  params: { sort: 'on', order: 'desc' },
});

/** A step moves the case's status and deadline, the debt's next deadline and the lawyer's agenda. */
const STEP_REFRESH = [casesResource, debtsResource, tasksResource];

/**
 * Pasos: the case's timeline, newest first: what happened, the status it set, its term and when it
 * ends, and its documents. Staff adds and edits (ADMIN deletes); a CLIENTE reads.
 */
export function StepsSection({ record, perms }: { record: Case; perms: Permissions }) {
  const params = useMemo(
    () => ({ caseId: record.id, sort: 'on' as const, order: 'desc' as const, limit: LIST_MAX_LIMIT }),
    [record.id],
  );
  const query = useQuery(resourceQueries(caseStepsResource).list(params));
  const steps = (query.data?.data ?? []) as CaseStep[];
  const { statuses } = useCaseCatalogs(perms.catalogs && perms.add);
  const [editing, setEditing] = useState<CaseStep | 'new' | null>(null);
  const save = useSaveRecord(caseStepsResource, { also: STEP_REFRESH });
  const remove = useDeleteConfirm<CaseStep>(
    caseStepsResource,
    (step) => `el paso «${step.title}» del ${formatDate(step.on)}`,
    { also: STEP_REFRESH },
  );

  async function submit(values: StepOutput) {
    const current = editing === 'new' ? null : editing;
    await save.mutateAsync(
      current ? { id: current.id, body: values } : { body: { ...values, caseId: record.id } },
    );
    notifications.show({
      color: 'green',
      title: 'Guardado',
      message: values.deadlineDays
        ? `Se guardó el paso «${values.title}»; su vencimiento quedó en la agenda del abogado.`
        : `Se guardó el paso «${values.title}».`,
    });
  }

  const modals = (
    <>
      {perms.remove ? remove.dialog : null}
      {editing ? (
        <StepDialog
          record={record}
          step={editing === 'new' ? null : editing}
          statuses={statuses}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );

  return (
    <TabSection
      title="Pasos"
      count={steps.length}
      addLabel="Agregar paso"
      onAdd={perms.add ? () => setEditing('new') : undefined}
      query={query}
      empty={steps.length ? null : 'Todavía no se cargaron pasos del expediente.'}
      modals={modals}
    >
      <Timeline className={classes.timeline} bulletSize={28} lineWidth={2} active={steps.length}>
        {steps.map((step) => (
          <Timeline.Item
            key={step.id}
            bullet={step.deadlineOn ? <IconHourglass size={15} /> : <IconGavel size={15} />}
            title={
              <span className={classes.stepTitle}>
                <span>{step.title}</span>
                {step.statusName ? <Pill tone="violet">{step.statusName}</Pill> : null}
              </span>
            }
          >
            <StepBody
              step={step}
              debtId={record.debtId}
              perms={perms}
              onEdit={() => setEditing(step)}
              onDelete={() => remove.ask(step)}
            />
          </Timeline.Item>
        ))}
      </Timeline>
    </TabSection>
  );
}

/** Whether a step's deadline is still to be met (its task pending; without one, not yet past). */
function pending(step: CaseStep, today = agencyToday()): boolean {
  if (step.taskStatus) return step.taskStatus === 'PENDIENTE';
  return step.deadlineOn !== null && step.deadlineOn >= today;
}

function StepBody({
  step,
  debtId,
  perms,
  onEdit,
  onDelete,
}: {
  step: CaseStep;
  debtId: number;
  perms: Permissions;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const name = `${step.title} del ${formatDate(step.on)}`;
  return (
    <div className={classes.stepBody}>
      <p className={classes.stepMeta}>
        {formatDate(step.on)}
        {step.createdByName ? ` · ${step.createdByName}` : ''}
      </p>
      {step.description ? <p className={classes.stepText}>{step.description}</p> : null}
      {step.deadlineOn ? (
        <div className={classes.stepDeadline}>
          <span>
            Plazo de {step.deadlineDays} {step.deadlineDays === 1 ? 'día hábil' : 'días hábiles'} desde la
            notificación del {formatDate(step.deadlineFrom)}: vence el{' '}
          </span>
          {pending(step) ? (
            <DeadlineBadge on={step.deadlineOn} />
          ) : (
            <strong>{formatDate(step.deadlineOn)}</strong>
          )}
          {step.taskStatus ? (
            <span className={classes.stepMeta}>
              Tarea del abogado:{' '}
              {LABELS.taskStatus[step.taskStatus as TaskStatus]?.toLowerCase() ?? step.taskStatus}
            </span>
          ) : null}
        </div>
      ) : null}
      <StepDocuments step={step} debtId={debtId} perms={perms} />
      {perms.edit || perms.remove ? (
        <div className={classes.stepActions}>
          {perms.edit ? (
            <Tooltip label="Editar" withinPortal>
              <ActionIcon variant="subtle" aria-label={`Editar el paso ${name}`} onClick={onEdit}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {perms.remove ? (
            <Tooltip label="Eliminar" withinPortal>
              <ActionIcon
                variant="subtle"
                color="red.8"
                aria-label={`Eliminar el paso ${name}`}
                onClick={onDelete}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** A step's documents: each downloads as its file; staff attaches more (ADMIN deletes). */
function StepDocuments({ step, debtId, perms }: { step: CaseStep; debtId: number; perms: Permissions }) {
  const send = useResourceMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadStepDocument(debtId, step.id, file, onProgress),
    invalidates: [caseStepsResource, documentsResource],
  });
  const remove = useDeleteConfirm<{ id: number; fileName: string }>(
    documentsResource,
    (doc) => `el documento «${doc.fileName}»`,
    { also: [caseStepsResource] },
  );

  const { uploads, upload } = useDocumentUploads(send.mutateAsync);

  async function download(doc: { id: number; fileName: string }) {
    try {
      await downloadDocument(doc.id, doc.fileName);
    } catch (error) {
      notifications.show({ color: 'red', title: 'No se pudo descargar', message: messageOf(error) });
    }
  }

  if (!step.documents.length && !perms.add) return null;
  return (
    <div className={classes.documents}>
      {step.documents.length ? (
        <ul className={classes.documentList} aria-label={`Documentos del paso ${step.title}`}>
          {step.documents.map((doc) => (
            <li key={doc.id}>
              <IconPaperclip size={14} aria-hidden="true" />
              <Anchor component="button" type="button" size="sm" onClick={() => void download(doc)}>
                {doc.fileName}
              </Anchor>
              {perms.remove ? (
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size="sm"
                  aria-label={`Eliminar el documento ${doc.fileName}`}
                  onClick={() => remove.ask(doc)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {uploads.map((u) => (
        <div key={u.key} className={classes.upload}>
          <span className={classes.uploadName}>{u.name}</span>
          <Progress value={u.percent} size="sm" striped animated aria-label={`Subiendo ${u.name}`} />
        </div>
      ))}
      {perms.add ? (
        <FileButton
          accept={DOCUMENT_ACCEPT}
          multiple
          onChange={(files) => files.forEach((f) => void upload(f))}
        >
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="subtle"
              leftSection={<IconPaperclip size={14} />}
              aria-label={`Adjuntar documentos al paso ${step.title}`}
            >
              Adjuntar documento
            </Button>
          )}
        </FileButton>
      ) : null}
      {perms.remove ? remove.dialog : null}
    </div>
  );
}

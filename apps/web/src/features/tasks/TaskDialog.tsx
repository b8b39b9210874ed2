import { type Task, tasksResource } from '@cobranzas/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, type UseFormSetError, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { AppModal } from '../../components/resource/AppModal';
import { ConfirmModal } from '../../components/resource/ConfirmModal';
import { DateField } from '../../components/resource/DateField';
import { SelectField, SwitchField, TextareaField, TextField } from '../../components/resource/fields';
import { fieldErrorsOf, messageOf } from '../../components/resource/http';
import type { Option } from '../../components/resource/types';
import { useDeleteRecord, useSaveRecord } from '../../lib/resourceQueries';
import classes from './calendar.module.css';
import { STATUS_COLORS, STATUS_OPTIONS, statusLabel } from './status';
import { formValuesOf, type TaskBody, type TaskFormValues, taskFormSchema } from './taskForm';
import type { AgendaPermissions } from './useAgenda';

/** What the dialog is open for: a new task (its starting values) or an existing one. */
export type DialogTarget = { kind: 'create'; values: TaskFormValues } | { kind: 'edit'; task: Task };

/** Mantine's subtle red text is its shade 6 (3.3:1 on white); this dark red reads at 5.9:1 (WCAG AA). */
const DANGER_TEXT = '#c92a2a';

/** The API's `start`/`end` errors belong to the form's time fields. */
const SERVER_FIELDS: Record<string, keyof TaskFormValues> = {
  title: 'title',
  description: 'description',
  start: 'startTime',
  end: 'endTime',
  userId: 'userId',
  status: 'status',
};

function applyTaskErrors(error: unknown, setError: UseFormSetError<TaskFormValues>): string | null {
  let placed = 0;
  for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
    const target = SERVER_FIELDS[field];
    const message = messages?.[0];
    if (!target || !message) continue;
    setError(target, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed++;
  }
  return placed > 0 ? null : messageOf(error);
}

/**
 * Create or edit a task of the agenda; an existing one can also be completed, deleted (after a
 * confirmation) or followed to its debt. Mount it only while open: every opening starts afresh.
 * Each write reloads the tasks (the agenda and the debt's Tareas tab) in the background.
 */
export function TaskDialog({
  target,
  perms,
  staff,
  onClose,
}: {
  target: DialogTarget;
  perms: AgendaPermissions;
  staff: Option[];
  onClose: () => void;
}) {
  const task = target.kind === 'edit' ? target.task : null;
  const canSave = task ? perms.edit : perms.add;
  const form = useForm<TaskFormValues, unknown, TaskBody>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: target.kind === 'edit' ? formValuesOf(target.task) : target.values,
    mode: 'onTouched',
    disabled: !canSave,
  });
  const allDay = useWatch({ control: form.control, name: 'allDay' });
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const done = (title: string) => (message: string) => {
    notifications.show({ color: 'green', title, message });
    onClose();
  };
  const failed = (title: string) => (failure: Error) => {
    setConfirming(false);
    setError({ title, message: messageOf(failure) });
  };
  const save = useSaveRecord(tasksResource, { wait: false });
  const complete = useSaveRecord(tasksResource, { wait: false });
  const remove = useDeleteRecord(tasksResource, { wait: false });
  const mutations = { save, complete, delete: remove } as const;
  const busy =
    (Object.keys(mutations) as (keyof typeof mutations)[]).find((k) => mutations[k].isPending) ?? null;

  const submit = form.handleSubmit((body) => {
    if (busy) return;
    setError(null);
    save.mutate(
      { id: task?.id, body },
      {
        onSuccess: () =>
          done('Guardado')(
            task ? `Se guardó la tarea «${body.title}».` : `Se agregó la tarea «${body.title}» a la agenda.`,
          ),
        onError: (failure) => {
          const message = applyTaskErrors(failure, form.setError);
          setError(message === null ? null : { title: 'No se pudo guardar', message });
        },
      },
    );
  });

  const completeTask = () => {
    if (!task || busy) return;
    setError(null);
    complete.mutate(
      { id: task.id, body: { status: 'COMPLETADA' } },
      {
        onSuccess: () => done('Guardado')(`Se completó «${task.title}».`),
        onError: failed('No se pudo completar'),
      },
    );
  };

  const removeTask = () => {
    if (!task || busy) return;
    setError(null);
    remove.mutate(task, {
      onSuccess: () => done('Eliminada')(`Se eliminó la tarea «${task.title}».`),
      onError: failed('No se pudo eliminar'),
    });
  };

  // The assignee may be someone the staff list does not hold (inactive, or the list failed).
  const assignees =
    task?.userId != null && !staff.some((option) => option.value === String(task.userId))
      ? [...staff, { value: String(task.userId), label: task.userName ?? `Usuario ${task.userId}` }]
      : staff;

  const title = task ? (canSave ? 'Editar tarea' : 'Tarea') : 'Nueva tarea';

  return (
    <>
      <AppModal
        opened={!confirming}
        onClose={onClose}
        title={title}
        size="lg"
        titleClass={classes.modalTitle}
        closeOnClickOutside={busy === null}
        closeOnEscape={busy === null}
      >
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate>
            {task ? (
              <p className={classes.taskMeta}>
                <span className={classes.statusTag} style={{ background: STATUS_COLORS[task.status] }}>
                  {statusLabel(task.status)}
                </span>
                {task.debtId !== null ? (
                  <>
                    <Text span size="sm">
                      Vinculada a la deuda N.º {task.debtId}
                    </Text>
                    <Button
                      component={Link}
                      to={`/debts/view/${task.debtId}`}
                      variant="default"
                      size="compact-sm"
                      leftSection={<IconExternalLink size={14} aria-hidden="true" />}
                    >
                      Ver deuda
                    </Button>
                  </>
                ) : null}
              </p>
            ) : null}
            <div className={classes.formGrid}>
              <TaskTitleField className={classes.full} autoFocus={!task} />
              <div className={classes.full}>
                <SwitchField name="allDay" label="Todo el día" />
              </div>
              <DateField name="startDate" label="Día" withAsterisk clearable={false} />
              {allDay ? (
                <DateField name="endDate" label="Hasta el día" description="Opcional, inclusive." />
              ) : (
                <TextField
                  name="startTime"
                  label="Hora"
                  withAsterisk
                  placeholder="HH:MM"
                  inputMode="numeric"
                  maxLength={5}
                  autoComplete="off"
                />
              )}
              {allDay ? null : (
                <>
                  <DateField
                    name="endDate"
                    label="Día de fin"
                    description="Vacío: el mismo día."
                    placeholder="dd/mm/aaaa"
                  />
                  <TextField
                    name="endTime"
                    label="Hora de fin"
                    description="Opcional."
                    placeholder="HH:MM"
                    inputMode="numeric"
                    maxLength={5}
                    autoComplete="off"
                  />
                </>
              )}
              <SelectField
                name="userId"
                label="Responsable"
                data={assignees}
                clearable
                searchable
                placeholder={task ? 'Sin asignar' : 'Yo'}
              />
              <SelectField name="status" label="Estado" data={STATUS_OPTIONS} allowDeselect={false} />
              <div className={classes.full}>
                <TextareaField name="description" label="Descripción" minRows={2} />
              </div>
            </div>
            {error ? (
              <Alert color="red" variant="light" role="alert" mt="md" title={error.title}>
                {error.message}
              </Alert>
            ) : null}
            <div className={classes.dialogActions}>
              <Group gap="xs" className={classes.dialogExtra}>
                {task && perms.edit && task.status === 'PENDIENTE' ? (
                  <Button
                    color={STATUS_COLORS.COMPLETADA}
                    leftSection={<IconCheck size={16} aria-hidden="true" />}
                    onClick={completeTask}
                    loading={busy === 'complete'}
                    disabled={busy !== null && busy !== 'complete'}
                  >
                    Completar
                  </Button>
                ) : null}
                {task && perms.remove ? (
                  <Button
                    variant="subtle"
                    color={DANGER_TEXT}
                    leftSection={<IconTrash size={16} aria-hidden="true" />}
                    onClick={() => setConfirming(true)}
                    disabled={busy !== null}
                  >
                    Eliminar
                  </Button>
                ) : null}
              </Group>
              <Group gap="sm" justify="flex-end" className={classes.dialogMain}>
                <Button variant="default" onClick={onClose} disabled={busy !== null}>
                  {canSave ? 'Cancelar' : 'Cerrar'}
                </Button>
                {canSave ? (
                  <Button type="submit" loading={busy === 'save'} disabled={busy !== null && busy !== 'save'}>
                    Guardar
                  </Button>
                ) : null}
              </Group>
            </div>
          </form>
        </FormProvider>
      </AppModal>
      <ConfirmModal
        opened={confirming}
        title="Confirmar eliminación"
        confirmLabel="Eliminar"
        danger
        loading={busy === 'delete'}
        onConfirm={removeTask}
        onCancel={() => setConfirming(false)}
      >
        {task ? `¿Eliminar la tarea «${task.title}»? Esta acción no se puede deshacer.` : null}
      </ConfirmModal>
    </>
  );
}

/** The task's title, across the form; `autoFocus` for a new task. */
export function TaskTitleField({
  className,
  autoFocus = false,
}: {
  className?: string | undefined;
  autoFocus?: boolean;
}) {
  return (
    <div className={className}>
      <TextField
        name="title"
        label="Título"
        withAsterisk
        placeholder="Llamar para confirmar el pago"
        data-autofocus={autoFocus ? true : undefined}
      />
    </div>
  );
}

import { LABELS, TASK_STATUSES, tasksResource } from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { DateField } from '../../components/resource/DateField';
import { SelectField, TextareaField, TextField } from '../../components/resource/fields';
import { formatDate } from '../../lib/format';
import { TASK_STATUS_TONES } from '../debts/common/labels';
import { Pill } from '../debts/common/Pill';
import { useDebtCatalogs } from '../debts/common/useCatalogs';
import { debtTab, RecordTab, type TabProps } from '../debts/view/RecordTab';
import classes from '../debts/view/view.module.css';
import { TaskTitleField } from './TaskDialog';
import { formValuesForDebt, taskFormSchema, taskWhen } from './taskForm';

const STATUS_OPTIONS = TASK_STATUSES.map((s) => ({ value: s, label: LABELS.taskStatus[s] }));
/** The debt's tasks, soonest first. */
export const TASKS_TAB = debtTab(tasksResource, 'start', 'asc');

/** Tareas: the agenda's tasks linked to this debt; a new one is the signed-in user's unless assigned. */
export function TasksTab(props: TabProps) {
  const { perms } = props;
  const { staff } = useDebtCatalogs();
  return (
    <RecordTab
      {...props}
      spec={TASKS_TAB}
      title="Tareas"
      empty="No hay tareas para esta deuda."
      canAdd={perms.addTasks}
      canRemove={perms.editTasks && perms.remove}
      noun={(t) => `la tarea «${t.title}»`}
      label={(t) => `Tarea ${t.title}`}
      form={{
        title: 'Agregar tarea',
        schema: taskFormSchema,
        defaultValues: formValuesForDebt,
        saved: (values) => `Se agregó la tarea «${values.title}» a la agenda.`,
        fields: (
          <>
            <TaskTitleField className={classes.full} />
            <DateField name="startDate" label="Día" withAsterisk clearable={false} />
            <TextField
              name="startTime"
              label="Hora"
              placeholder="HH:MM"
              description="Vacía: todo el día."
              inputMode="numeric"
              maxLength={5}
            />
            <SelectField name="userId" label="Responsable" data={staff} clearable placeholder="Yo" />
            <SelectField name="status" label="Estado" data={STATUS_OPTIONS} allowDeselect={false} />
            <div className={classes.full}>
              <TextareaField name="description" label="Descripción" minRows={2} />
            </div>
          </>
        ),
      }}
      actions={
        perms.editTasks
          ? (task, { save }) =>
              task.status === 'PENDIENTE' ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconCheck size={14} />}
                  onClick={() => void save(task.id, { status: 'COMPLETADA' }, `Se completó «${task.title}».`)}
                >
                  Completar
                </Button>
              ) : null
          : undefined
      }
      columns={[
        {
          accessor: 'start',
          title: 'Cuándo',
          phone: true,
          noWrap: true,
          render: (t) => taskWhen(t, formatDate),
        },
        {
          accessor: 'title',
          title: 'Tarea',
          phone: true,
          render: (t) => (
            <>
              <div>{t.title}</div>
              {t.description ? <div className={classes.muted}>{t.description}</div> : null}
            </>
          ),
        },
        { accessor: 'userName', title: 'Responsable' },
        {
          accessor: 'status',
          title: 'Estado',
          render: (t) => <Pill tone={TASK_STATUS_TONES[t.status]}>{LABELS.taskStatus[t.status]}</Pill>,
        },
      ]}
    />
  );
}

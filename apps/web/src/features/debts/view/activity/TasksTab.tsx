import { agencyToday, type Debt, LABELS, TASK_STATUSES, type Task } from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { DateField } from '../../../../components/resource/DateField';
import { SelectField, TextareaField, TextField } from '../../../../components/resource/fields';
import { formatDate } from '../../../../lib/format';
import { type Permissions, useDebtRecords } from '../../common/hooks';
import { TASK_STATUS_TONES } from '../../common/labels';
import { Pill } from '../../common/Pill';
import { useDebtCatalogs } from '../../common/useCatalogs';
import { RecordModal } from '../RecordModal';
import { RecordsTable } from '../RecordsTable';
import { TabSection } from '../TabSection';
import { useRemove } from '../useRemove';
import { useSave } from '../useSave';
import classes from '../view.module.css';
import { taskFormSchema, taskWhen } from './taskForm';

const STATUS_OPTIONS = TASK_STATUSES.map((s) => ({ value: s, label: LABELS.taskStatus[s] }));
const SOONEST = { sort: 'start', order: 'asc' };

/** Tareas: the agenda's tasks linked to this debt; a new one is the signed-in user's unless assigned. */
export function TasksTab({ debt, perms }: { debt: Debt; perms: Permissions }) {
  const tasks = useDebtRecords<Task>('tasks', debt.id, SOONEST);
  const { staff } = useDebtCatalogs();
  const save = useSave('tasks');
  const remove = useRemove<Task>('tasks', (t) => `la tarea «${t.title}»`);
  const [adding, setAdding] = useState(false);
  const canRemove = perms.editTasks && perms.remove;
  const modals = (
    <>
      {remove.dialog}
      {adding ? (
        <RecordModal
          title="Agregar tarea"
          schema={taskFormSchema}
          defaultValues={{
            title: '',
            description: '',
            date: agencyToday(),
            time: '',
            userId: null,
            status: 'PENDIENTE',
          }}
          onSubmit={(values) =>
            save(
              undefined,
              { ...values, debtId: debt.id },
              `Se agregó la tarea «${values.title}» a la agenda.`,
            )
          }
          onClose={() => setAdding(false)}
        >
          <div className={classes.full}>
            <TextField name="title" label="Título" withAsterisk placeholder="Llamar para confirmar el pago" />
          </div>
          <DateField name="date" label="Día" withAsterisk clearable={false} />
          <TextField
            name="time"
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
        </RecordModal>
      ) : null}
    </>
  );

  return (
    <TabSection
      modals={modals}
      title="Tareas"
      count={tasks.records.length}
      addLabel="Agregar tarea"
      onAdd={perms.addTasks ? () => setAdding(true) : undefined}
      query={tasks}
      empty={tasks.records.length ? null : 'No hay tareas para esta deuda.'}
    >
      <RecordsTable<Task>
        records={tasks.records}
        label={(t) => `Tarea ${t.title}`}
        onDelete={canRemove ? remove.ask : undefined}
        actions={
          perms.editTasks
            ? (task) =>
                task.status === 'PENDIENTE' ? (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconCheck size={14} />}
                    onClick={() =>
                      void save(task.id, { status: 'COMPLETADA' }, `Se completó «${task.title}».`)
                    }
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
    </TabSection>
  );
}

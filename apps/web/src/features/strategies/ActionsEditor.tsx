import {
  ASSIGN_MODE_LABELS,
  ASSIGN_MODES,
  type AssignMode,
  STRATEGY_ACTION_LABELS,
  STRATEGY_ACTION_TYPES,
  type StrategyActionType,
} from '@cobranzas/shared';
import { ActionIcon, Button, Group, Select, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Option } from '../../components/resource/types';
import { type ActionDraft, newAction } from './draft';
import { capitalize, DaysInput, IdsSelect } from './fields';
import classes from './strategies.module.css';

const MAX_ACTIONS = 10;
const MODE_OPTIONS = ASSIGN_MODES.map((m) => ({ value: m, label: capitalize(ASSIGN_MODE_LABELS[m]) }));

type Props = {
  actions: ActionDraft[];
  onChange: (actions: ActionDraft[]) => void;
  /** An error by the API's key: `actions`, `actions.1`, `actions.1.userIds`. */
  error: (key: string) => string | undefined;
  stages: Option[];
  staff: Option[];
};

/** Whether one more action of the type fits: one stage change, one assignment, one stop (the last). */
function canAdd(actions: ActionDraft[], type: StrategyActionType) {
  if (actions.length >= MAX_ACTIONS) return false;
  return type === 'CREATE_TASK' || !actions.some((a) => a.type === type);
}

/** What the strategy does to each debt, in order: add, remove and move the actions. */
export function ActionsEditor({ actions, onChange, error, stages, staff }: Props) {
  const add = (type: StrategyActionType) => {
    const action = newAction(type);
    const stop = actions.findIndex((a) => a.type === 'STOP');
    // «Detener» stays last: a new action goes before it.
    onChange(
      stop === -1 ? [...actions, action] : [...actions.slice(0, stop), action, ...actions.slice(stop)],
    );
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...actions];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    onChange(next);
  };
  const replace = (index: number, action: ActionDraft) =>
    onChange(actions.map((a, i) => (i === index ? action : a)));
  const listError = error('actions');

  return (
    <div className={classes.actionsEditor}>
      {listError ? (
        <p className={classes.error} role="alert">
          {listError}
        </p>
      ) : null}
      {actions.length === 0 ? (
        <p className={classes.muted}>Todavía no hay acciones: agregue al menos una.</p>
      ) : (
        <ol className={classes.actionList}>
          {actions.map((action, index) => {
            const title = `${index + 1}. ${STRATEGY_ACTION_LABELS[action.type]}`;
            const own = error(`actions.${index}`);
            return (
              <li key={action.key} className={classes.action} aria-label={title}>
                <div className={classes.actionHead}>
                  <h3 className={classes.actionTitle}>{title}</h3>
                  <Group gap={4}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Subir la acción ${index + 1}`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <IconArrowUp size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Bajar la acción ${index + 1}`}
                      disabled={index === actions.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <IconArrowDown size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red.8"
                      aria-label={`Quitar la acción ${index + 1}`}
                      onClick={() => onChange(actions.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </div>
                <ActionFields
                  action={action}
                  onChange={(next) => replace(index, next)}
                  error={(field) => error(`actions.${index}.${field}`)}
                  stages={stages}
                  staff={staff}
                />
                {own ? (
                  <p className={classes.error} role="alert">
                    {own}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      <fieldset className={classes.addRow}>
        <legend className={classes.hidden}>Agregar una acción</legend>
        <span className={classes.muted} aria-hidden="true">
          Agregar:
        </span>
        {STRATEGY_ACTION_TYPES.map((type) => (
          <Button
            key={type}
            variant="default"
            size="xs"
            leftSection={<IconPlus size={16} />}
            disabled={!canAdd(actions, type)}
            onClick={() => add(type)}
          >
            {STRATEGY_ACTION_LABELS[type]}
          </Button>
        ))}
      </fieldset>
    </div>
  );
}

function ActionFields({
  action,
  onChange,
  error,
  stages,
  staff,
}: {
  action: ActionDraft;
  onChange: (action: ActionDraft) => void;
  error: (field: string) => string | undefined;
  stages: Option[];
  staff: Option[];
}) {
  switch (action.type) {
    case 'CHANGE_STAGE':
      return (
        <Select
          className={classes.actionField}
          label="Pasa a la etapa"
          withAsterisk
          data={stages}
          value={action.debtTypeId}
          onChange={(debtTypeId) => onChange({ ...action, debtTypeId })}
          error={error('debtTypeId')}
          searchable
          nothingFoundMessage="Sin coincidencias"
        />
      );
    case 'ASSIGN':
      return (
        <div className={classes.grid}>
          <Select
            label="Cómo reparte"
            data={MODE_OPTIONS}
            value={action.mode}
            onChange={(mode) => onChange({ ...action, mode: (mode ?? 'ROTATION') as AssignMode })}
            allowDeselect={false}
            error={error('mode')}
          />
          <IdsSelect
            label="Cobradores"
            withAsterisk
            options={staff}
            missing={(id) => `Usuario N.º ${id}`}
            value={action.userIds}
            onChange={(userIds) => onChange({ ...action, userIds })}
            error={error('userIds')}
          />
        </div>
      );
    case 'CREATE_TASK':
      return (
        <div className={classes.grid}>
          <TextInput
            label="Título de la tarea"
            withAsterisk
            maxLength={200}
            value={action.title}
            onChange={(e) => onChange({ ...action, title: e.currentTarget.value })}
            error={error('title')}
          />
          <Group grow align="flex-start">
            <DaysInput
              label="Vence a los (días)"
              description="0: el mismo día."
              max={365}
              value={action.inDays}
              onChange={(inDays) => onChange({ ...action, inDays })}
              error={error('inDays')}
            />
            <TextInput
              label="Hora de la tarea"
              placeholder="HH:MM"
              inputMode="numeric"
              maxLength={5}
              autoComplete="off"
              value={action.time}
              onChange={(e) => onChange({ ...action, time: e.currentTarget.value })}
              error={error('time')}
            />
          </Group>
          <Textarea
            className={classes.wide}
            label="Descripción de la tarea"
            autosize
            minRows={2}
            maxLength={2000}
            value={action.description}
            onChange={(e) => onChange({ ...action, description: e.currentTarget.value })}
            error={error('description')}
          />
        </div>
      );
    case 'STOP':
      return (
        <p className={classes.muted}>
          La deuda sale de la estrategia: ninguna ejecución posterior vuelve a tomarla.
        </p>
      );
  }
}

import { STRATEGY_ACTION_LABELS, type StrategyActionType } from '@cobranzas/shared';
import { ActionIcon, Button, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { ActionFields, type ActionOptions } from './ActionFields';
import { ACTION_TYPES, type ActionDraft, newAction } from './actionDraft';
import classes from './strategies.module.css';

const MAX_ACTIONS = 10;

type Props = {
  actions: ActionDraft[];
  onChange: (actions: ActionDraft[]) => void;
  /** An error by the API's key: `actions`, `actions.1`, `actions.1.userIds`. */
  error: (key: string) => string | undefined;
  options: ActionOptions;
  /** Whether the agency can send e-mail and WhatsApp (unknown: undefined): a warning when not. */
  ready?: { email: boolean; whatsapp: boolean } | undefined;
};

/**
 * Whether one more action of the type fits: tasks as many as fit, every other type once (one stage
 * change, one assignment, one letter, one e-mail, one WhatsApp, one stop: the last).
 */
function canAdd(actions: ActionDraft[], type: StrategyActionType) {
  if (actions.length >= MAX_ACTIONS) return false;
  return type === 'CREATE_TASK' || !actions.some((a) => a.type === type);
}

/** What the strategy does to each debt, in order: add, remove and move the actions. */
export function ActionsEditor({ actions, onChange, error, options, ready }: Props) {
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
                  options={options}
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
        {ACTION_TYPES.map((type) => (
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
      {ready && !ready.email && actions.some((a) => a.type === 'SEND_EMAIL') ? (
        <p className={classes.warning} role="status">
          El correo de la agencia no está configurado (Agencia → Correo y WhatsApp): los correos no se
          enviarán hasta configurarlo.
        </p>
      ) : null}
      {ready && !ready.whatsapp && actions.some((a) => a.type === 'SEND_WHATSAPP') ? (
        <p className={classes.warning} role="status">
          WhatsApp no está configurado en el servidor (WHATSAPP_TOKEN y WHATSAPP_PHONE_NUMBER_ID): los
          mensajes no se enviarán hasta configurarlo.
        </p>
      ) : null}
      <p className={classes.note}>
        Las acciones de contacto (imprimir una carta, enviar un correo o un WhatsApp) siguen las reglas de
        contacto: el horario de la agencia, los topes de intentos, los «no contactar» y las disputas abiertas.
        Lo que bloquean queda listado en la ejecución, con el motivo.
      </p>
    </div>
  );
}

import { ASSIGN_MODE_LABELS, ASSIGN_MODES, type AssignMode } from '@cobranzas/shared';
import { Group, Select, Textarea, TextInput } from '@mantine/core';
import type { Option } from '../../components/resource/types';
import type { ActionDraft } from './actionDraft';
import { LetterTemplateSelect, WhatsAppFields } from './ContactFields';
import { capitalize, DaysInput, IdsSelect } from './fields';
import classes from './strategies.module.css';

const MODE_OPTIONS = ASSIGN_MODES.map((m) => ({ value: m, label: capitalize(ASSIGN_MODE_LABELS[m]) }));

/** What the editor offers each action to choose from. */
export type ActionOptions = {
  stages: Option[];
  staff: Option[];
  /** Letter templates a strategy may send (by code; no libre deuda). */
  templates: Option[];
};

/** One action's own fields; `error(field)` is the API's message for `actions.N.field`. */
export function ActionFields({
  action,
  onChange,
  error,
  options: { stages, staff, templates },
}: {
  action: ActionDraft;
  onChange: (action: ActionDraft) => void;
  error: (field: string) => string | undefined;
  options: ActionOptions;
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
    case 'QUEUE_LETTER':
    case 'SEND_EMAIL':
      return (
        <LetterTemplateSelect
          label={action.type === 'SEND_EMAIL' ? 'Carta que se envía por correo' : 'Carta que se imprime'}
          description={
            action.type === 'SEND_EMAIL'
              ? 'Su asunto y su texto, al correo del deudor, con el enlace al portal para pagar o darse de baja.'
              : 'Queda en espera hasta el próximo lote de «Cartas para imprimir».'
          }
          options={templates}
          value={action.templateCode}
          onChange={(templateCode) => onChange({ ...action, templateCode })}
          error={error('templateCode')}
        />
      );
    case 'SEND_WHATSAPP':
      return <WhatsAppFields action={action} onChange={onChange} error={error} />;
    case 'STOP':
      return (
        <p className={classes.muted}>
          La deuda sale de la estrategia: ninguna ejecución posterior vuelve a tomarla.
        </p>
      );
  }
}

import { type Debt, type DebtEvent, eventsResource } from '@cobranzas/shared';
import { Timeline } from '@mantine/core';
import { IconMessageCircle, IconStairsUp } from '@tabler/icons-react';
import { useState } from 'react';
import { listSpec } from '../../components/resource/types';
import { type Permissions, useDebtRecords } from '../debts/common/hooks';
import { formatDateTime } from '../debts/common/labels';
import { Pill } from '../debts/common/Pill';
import { RecordModal } from '../debts/view/RecordModal';
import { useDebtRecordSave } from '../debts/view/RecordTab';
import { TabSection } from '../debts/view/TabSection';
import classes from '../debts/view/view.module.css';
import { EventFields, eventSchema } from './EventForm';
import local from './events.module.css';

/** The tab's list: newest first. */
export const EVENTS_TAB = listSpec({
  definition: eventsResource,
  filters: ['debtId'],
  params: { sort: 'date', order: 'desc' },
});

/** Gestiones: the contact timeline, newest first; a new contact is recorded now, by the signed-in user. */
export function EventsTab({ debt, perms }: { debt: Debt; perms: Permissions }) {
  const events = useDebtRecords(eventsResource, debt.id, EVENTS_TAB.params);
  const save = useDebtRecordSave(eventsResource);
  const [adding, setAdding] = useState(false);
  const records: DebtEvent[] = events.records;
  const modals = (
    <>
      {adding ? (
        <RecordModal
          title="Registrar gestión"
          schema={eventSchema}
          defaultValues={{
            eventTypeId: null,
            eventSubTypeId: null,
            eventHistoryTypeId: null,
            description: '',
          }}
          onSubmit={(values) => save(undefined, { ...values, debtId: debt.id }, 'Se registró la gestión.')}
          onClose={() => setAdding(false)}
        >
          <EventFields />
        </RecordModal>
      ) : null}
    </>
  );

  return (
    <TabSection
      modals={modals}
      title="Gestiones"
      count={records.length}
      addLabel="Registrar gestión"
      onAdd={perms.add && perms.catalogs ? () => setAdding(true) : undefined}
      query={events}
      empty={records.length ? null : 'Todavía no se registraron gestiones.'}
    >
      <Timeline className={local.timeline} bulletSize={28} lineWidth={2} active={records.length}>
        {records.map((event) => (
          <Timeline.Item
            key={event.id}
            bullet={
              /^cambio de etapa/i.test(event.description ?? '') ? (
                <IconStairsUp size={15} />
              ) : (
                <IconMessageCircle size={15} />
              )
            }
            title={
              <span className={local.eventTitle}>
                {event.eventTypeName}
                {event.eventSubTypeName ? (
                  <span className={classes.muted}> · {event.eventSubTypeName}</span>
                ) : null}
                {event.eventHistoryTypeName ? <Pill tone="violet">{event.eventHistoryTypeName}</Pill> : null}
              </span>
            }
          >
            {event.description ? <p className={local.eventText}>{event.description}</p> : null}
            <p className={local.eventMeta}>
              {formatDateTime(event.date)}
              {event.userName ? ` · ${event.userName}` : ''}
            </p>
          </Timeline.Item>
        ))}
      </Timeline>
    </TabSection>
  );
}

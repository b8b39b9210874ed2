import type { Debt, DebtEvent } from '@cobranzas/shared';
import { Timeline } from '@mantine/core';
import { IconMessageCircle, IconStairsUp } from '@tabler/icons-react';
import { useState } from 'react';
import { type Permissions, useDebtRecords } from '../../common/hooks';
import { formatDateTime } from '../../common/labels';
import { Pill } from '../../common/Pill';
import { RecordModal } from '../RecordModal';
import { TabSection } from '../TabSection';
import { useSave } from '../useSave';
import classes from '../view.module.css';
import local from './activity.module.css';
import { EventFields, eventSchema } from './EventForm';

const NEWEST = { sort: 'date', order: 'desc' };

/** Gestiones: the contact timeline, newest first; a new contact is recorded now, by the signed-in user. */
export function EventsTab({ debt, perms }: { debt: Debt; perms: Permissions }) {
  const events = useDebtRecords<DebtEvent>('events', debt.id, NEWEST);
  const save = useSave('events');
  const [adding, setAdding] = useState(false);
  const records = events.records;
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

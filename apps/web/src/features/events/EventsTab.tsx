import { CONTACT_CHANNEL_LABELS, eventsResource } from '@cobranzas/shared';
import { Timeline } from '@mantine/core';
import { IconMessageCircle, IconStairsUp } from '@tabler/icons-react';
import { useState } from 'react';
import { ContactDialog } from '../contacts/ContactDialog';
import { formatDateTime } from '../debts/common/labels';
import { Pill } from '../debts/common/Pill';
import { debtTab, RecordTab, type TabProps } from '../debts/view/RecordTab';
import classes from '../debts/view/view.module.css';
import local from './events.module.css';

/** Who recorded it: a person, or the strategy whose run did (issue 36). */
const authorOf = (event: { userName?: string | null; strategyName?: string | null }) =>
  event.strategyName ? `Estrategia «${event.strategyName}»` : event.userName;

/** The tab's list: newest first. */
export const EVENTS_TAB = debtTab(eventsResource, 'date');

/**
 * Gestiones: the contact timeline, newest first. A new contact is recorded now, by the signed-in user,
 * in the one-step dialog (issue 18: the contact rules, an optional promise and next task).
 */
export function EventsTab(props: TabProps) {
  const { perms, debt } = props;
  const [logging, setLogging] = useState(false);
  return (
    <>
      <RecordTab
        {...props}
        spec={EVENTS_TAB}
        title="Gestiones"
        empty="Todavía no se registraron gestiones."
        canAdd={perms.add && perms.catalogs}
        add={{ label: 'Registrar gestión', open: () => setLogging(true) }}
      >
        {(records) => (
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
                    {event.eventHistoryTypeName ? (
                      <Pill tone="violet">{event.eventHistoryTypeName}</Pill>
                    ) : null}
                    {/* Issue 37: it interrupted the prescription (CCyC 2545). */}
                    {event.acknowledgment ? <Pill tone="green">Reconoce la deuda</Pill> : null}
                  </span>
                }
              >
                {event.description ? <p className={local.eventText}>{event.description}</p> : null}
                <p className={local.eventMeta}>
                  {formatDateTime(event.date)}
                  {event.channel ? ` · ${CONTACT_CHANNEL_LABELS[event.channel]}` : ''}
                  {authorOf(event) ? ` · ${authorOf(event)}` : ''}
                  {event.outsideHours ? ' · fuera de horario' : ''}
                </p>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </RecordTab>
      <ContactDialog
        debtId={debt.id}
        opened={logging}
        onClose={() => setLogging(false)}
        onLogged={() => setLogging(false)}
      />
    </>
  );
}

import {
  agencyToday,
  type Case,
  type CaseNotice,
  caseNoticeCreateSchema,
  caseNoticesResource,
  LIST_MAX_LIMIT,
} from '@cobranzas/shared';
import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { DateField } from '../../components/resource/DateField';
import { TextareaField, TextField } from '../../components/resource/fields';
import { RecordsTable } from '../../components/resource/RecordsTable';
import { listSpec } from '../../components/resource/types';
import { useDeleteConfirm } from '../../components/resource/useDeleteConfirm';
import { formatDate } from '../../lib/format';
import { resourceQueries, useSaveRecord } from '../../lib/resourceQueries';
import type { Permissions } from '../debts/common/hooks';
import { Pill } from '../debts/common/Pill';
import { RecordModal } from '../debts/view/RecordModal';
import { TabSection } from '../debts/view/TabSection';
import view from '../debts/view/view.module.css';

/** The case's notices, latest sent first (test/resources.test.ts checks it against the definition). */
export const CASE_NOTICES_LIST = listSpec({
  definition: caseNoticesResource,
  filters: ['caseId'],
  params: { sort: 'sentOn', order: 'desc' },
});

const noticeFormSchema = caseNoticeCreateSchema.omit({ caseId: true });
type NoticeValues = z.input<typeof noticeFormSchema>;

const toForm = (notice: CaseNotice | null): NoticeValues => ({
  addressee: notice?.addressee ?? '',
  address: notice?.address ?? '',
  sentOn: notice?.sentOn ?? agencyToday(),
  servedOn: notice?.servedOn ?? null,
  notes: notice?.notes ?? '',
});

const describe = (notice: CaseNotice) => `la cédula a ${notice.addressee} del ${formatDate(notice.sentOn)}`;

/**
 * Cédulas: the notices sent in the case, whom to and where, and the day each was served (edited when
 * the served cédula comes back). Staff adds and edits (ADMIN deletes); a CLIENTE reads.
 */
export function NoticesSection({ record, perms }: { record: Case; perms: Permissions }) {
  const params = useMemo(
    () => ({ caseId: record.id, sort: 'sentOn' as const, order: 'desc' as const, limit: LIST_MAX_LIMIT }),
    [record.id],
  );
  const query = useQuery(resourceQueries(caseNoticesResource).list(params));
  const notices = (query.data?.data ?? []) as CaseNotice[];
  const [editing, setEditing] = useState<CaseNotice | 'new' | null>(null);
  const save = useSaveRecord(caseNoticesResource);
  const remove = useDeleteConfirm<CaseNotice>(caseNoticesResource, describe);
  const current = editing === 'new' ? null : editing;

  const modals = (
    <>
      {perms.remove ? remove.dialog : null}
      {editing ? (
        <RecordModal
          title={current ? 'Editar cédula' : 'Agregar cédula'}
          schema={noticeFormSchema}
          defaultValues={toForm(current)}
          onSubmit={async (values) => {
            await save.mutateAsync(
              current ? { id: current.id, body: values } : { body: { ...values, caseId: record.id } },
            );
            notifications.show({
              color: 'green',
              title: 'Guardado',
              message: `Se guardó la cédula a ${values.addressee}.`,
            });
          }}
          onClose={() => setEditing(null)}
        >
          <div className={view.full}>
            <TextField name="addressee" label="Destinatario" withAsterisk autoComplete="off" />
          </div>
          <div className={view.full}>
            <TextField name="address" label="Domicilio" autoComplete="off" />
          </div>
          <DateField
            name="sentOn"
            label="Enviada el"
            withAsterisk
            clearable={false}
            maxDate={agencyToday()}
          />
          <DateField
            name="servedOn"
            label="Notificada el"
            description="Vacía mientras no vuelva diligenciada."
            maxDate={agencyToday()}
          />
          <div className={view.full}>
            <TextareaField name="notes" label="Notas" minRows={2} />
          </div>
        </RecordModal>
      ) : null}
    </>
  );

  return (
    <TabSection
      title="Cédulas"
      count={notices.length}
      addLabel="Agregar cédula"
      onAdd={perms.add ? () => setEditing('new') : undefined}
      query={query}
      empty={notices.length ? null : 'Todavía no se enviaron cédulas en este expediente.'}
      modals={modals}
    >
      <RecordsTable<CaseNotice>
        records={notices}
        label={(n) => `Cédula a ${n.addressee} del ${formatDate(n.sentOn)}`}
        onDelete={perms.remove ? remove.ask : undefined}
        actions={
          perms.edit
            ? (notice) => (
                <Tooltip label="Editar" withinPortal>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Editar la cédula a ${notice.addressee}`}
                    onClick={() => setEditing(notice)}
                  >
                    <IconEdit size={18} />
                  </ActionIcon>
                </Tooltip>
              )
            : undefined
        }
        columns={[
          { accessor: 'addressee', title: 'Destinatario', phone: true },
          { accessor: 'address', title: 'Domicilio' },
          { accessor: 'sentOn', title: 'Enviada', noWrap: true, render: (n) => formatDate(n.sentOn) },
          {
            accessor: 'servedOn',
            title: 'Notificada',
            phone: true,
            noWrap: true,
            render: (n) => (n.servedOn ? formatDate(n.servedOn) : <Pill tone="orange">Pendiente</Pill>),
          },
          { accessor: 'notes', title: 'Notas' },
        ]}
      />
    </TabSection>
  );
}

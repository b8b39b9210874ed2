import './styles';
import {
  CASE_KIND_LABELS,
  type Case,
  casesResource,
  caseUpdateSchema,
  debtsResource,
} from '@cobranzas/shared';
import { Button, Group, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconFileDollar, IconList, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ConfirmModal } from '../../components/resource/ConfirmModal';
import { TextField } from '../../components/resource/fields';
import { messageOf, statusOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { LoadFailed, NoRecord, TableSkeleton } from '../../components/resource/states';
import { formatDate, formatDni } from '../../lib/format';
import { useDeleteRecord, useSaveRecord } from '../../lib/resourceQueries';
import { type Permissions, usePermissions } from '../debts/common/hooks';
import { RecordModal } from '../debts/view/RecordModal';
import view from '../debts/view/view.module.css';
import { CaseFields, caseToForm } from './CaseFields';
import { CostsSection } from './CostsSection';
import classes from './cases.module.css';
import { DeadlineBadge } from './DeadlineBadge';
import { Fact } from './Fact';
import { useCase, useCaseCatalogs } from './hooks';
import { LiquidationSection } from './LiquidationSection';
import { NoticesSection } from './NoticesSection';
import { StepsSection } from './StepsSection';

const LIST = '/cases/list';

/**
 * /cases/:id: a court case's facts and, as tabs, its steps (newest first, with deadlines and
 * documents), its notices, the debt's court costs and the liquidation sheet. Staff edits (ADMIN also
 * deletes); a CLIENTE reads everything but the internal notes.
 */
export function CaseViewPage() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const perms = usePermissions();
  const query = useCase(valid ? Number(id) : 0);
  const record = query.data;
  const status = statusOf(query.error);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  let body: ReactNode;
  if (!valid || status === 404 || status === 400 || status === 403) body = <NoAccess />;
  else if (query.isError && !record)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (!record) body = <TableSkeleton rows={6} />;
  else
    body = (
      <>
        <CaseFacts record={record} perms={perms} />
        <CaseTabs record={record} perms={perms} />
      </>
    );

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title="Expediente"
        {...(record && !perms.edit ? { badge: 'Solo lectura' } : {})}
        actions={
          <Group gap="xs">
            <Button component={Link} to={LIST} variant="default" leftSection={<IconList size={18} />}>
              Expedientes
            </Button>
            {record ? (
              <Button
                component={Link}
                to={`/debts/view/${record.debtId}?tab=expediente`}
                variant="default"
                leftSection={<IconFileDollar size={18} />}
              >
                Ver la deuda
              </Button>
            ) : null}
            {record && perms.edit ? (
              <Button variant="default" leftSection={<IconEdit size={18} />} onClick={() => setEditing(true)}>
                Editar
              </Button>
            ) : null}
            {record && perms.remove ? (
              <Button
                variant="default"
                color="red.8"
                leftSection={<IconTrash size={18} />}
                onClick={() => setDeleting(true)}
              >
                Eliminar
              </Button>
            ) : null}
          </Group>
        }
      />
      {body}
      {record && editing ? <EditCaseDialog record={record} onClose={() => setEditing(false)} /> : null}
      {record ? <DeleteCase record={record} opened={deleting} onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}

/** 404 covers both: a case that does not exist and one of another company (CLIENTE). */
function NoAccess() {
  return (
    <NoRecord
      title="El expediente no existe o no tiene acceso"
      text="El expediente que busca no existe, fue eliminado o no tiene acceso a él."
      back={{ to: LIST, label: 'Ir a los expedientes' }}
    />
  );
}

/** The case's facts; the internal notes only for the agency's staff. */
function CaseFacts({ record, perms }: { record: Case; perms: Permissions }) {
  return (
    <section className={resource.card} aria-labelledby="case-caption">
      <h2 id="case-caption" className={classes.captionTitle}>
        {record.caption}
      </h2>
      <dl className={classes.facts}>
        <Fact label="Tipo de proceso" value={CASE_KIND_LABELS[record.kind]} />
        <Fact label="Jurisdicción" value={record.jurisdictionName} />
        <Fact label="Fuero" value={record.fuero} />
        <Fact label="Juzgado" value={record.court} />
        <Fact label="Secretaría" value={record.secretary} />
        <Fact label="N.º de expediente" value={record.number} />
        <Fact label="Demanda presentada" value={formatDate(record.filedOn)} />
        <Fact label="Fin del juicio" value={formatDate(record.closedOn)} />
        <Fact label="Abogado" value={record.lawyerName} />
        <Fact label="Estado" value={record.statusName} />
        <Fact label="Próximo vencimiento" value={<DeadlineBadge on={record.nextDeadlineOn} />} />
        <Fact label="Deudor" value={`${record.debtorName} · DNI ${formatDni(record.debtorDni)}`} />
        <Fact label="Empresa" value={record.companyName} />
        <Fact
          label="Deuda"
          value={
            <Link to={`/debts/view/${record.debtId}`} className={classes.link}>
              N.º {record.debtId}
              {record.debtReference ? ` · ${record.debtReference}` : ''}
            </Link>
          }
        />
      </dl>
      {perms.staff && record.internalNotes ? (
        <div className={classes.notes}>
          <h3 className={classes.notesTitle}>Notas internas</h3>
          <p className={classes.notesText}>{record.internalNotes}</p>
        </div>
      ) : null}
    </section>
  );
}

const TABS = [
  { value: 'pasos', label: 'Pasos' },
  { value: 'cedulas', label: 'Cédulas' },
  { value: 'costas', label: 'Costas' },
  { value: 'liquidacion', label: 'Liquidación' },
] as const;

/** The case's sections as tabs; the open one is in the URL (?tab=), so a reload keeps it. */
function CaseTabs({ record, perms }: { record: Case; perms: Permissions }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = TABS.find((tab) => tab.value === requested)?.value ?? 'pasos';
  return (
    <Tabs
      className={view.tabs}
      value={current}
      keepMounted={false}
      onChange={(value) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.set('tab', value ?? 'pasos');
            return next;
          },
          { replace: true },
        )
      }
    >
      <Tabs.List className={view.tabList} aria-label="Secciones del expediente">
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="pasos" className={view.panel}>
        <StepsSection record={record} perms={perms} />
      </Tabs.Panel>
      <Tabs.Panel value="cedulas" className={view.panel}>
        <NoticesSection record={record} perms={perms} />
      </Tabs.Panel>
      <Tabs.Panel value="costas" className={view.panel}>
        <CostsSection record={record} perms={perms} />
      </Tabs.Panel>
      <Tabs.Panel value="liquidacion" className={view.panel}>
        <LiquidationSection record={record} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** «Editar»: every fact of the case in a dialog; the debt's court and number follow (the API does it). */
function EditCaseDialog({ record, onClose }: { record: Case; onClose: () => void }) {
  const options = useCaseCatalogs(true);
  const save = useSaveRecord(casesResource, { also: [debtsResource] });
  return (
    <RecordModal
      title="Editar expediente"
      schema={caseUpdateSchema}
      defaultValues={caseToForm(record)}
      onSubmit={async (values) => {
        await save.mutateAsync({ id: record.id, body: values });
        notifications.show({ color: 'green', title: 'Guardado', message: 'Se guardó el expediente.' });
      }}
      onClose={onClose}
    >
      <CaseFields
        options={options}
        caption={<TextField name="caption" label="Carátula" withAsterisk autoComplete="off" />}
        closing
      />
    </RecordModal>
  );
}

/** «Eliminar» (ADMIN), after a confirmation; then back to the list. */
function DeleteCase({ record, opened, onClose }: { record: Case; opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const remove = useDeleteRecord<typeof casesResource, Case>(casesResource, {
    also: [debtsResource],
    wait: false,
    onSuccess: () => {
      notifications.show({ color: 'green', title: 'Eliminado', message: 'Se eliminó el expediente.' });
      navigate(LIST);
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'No se pudo eliminar', message: messageOf(error) }),
    onSettled: onClose,
  });
  return (
    <ConfirmModal
      opened={opened}
      title="Eliminar el expediente"
      confirmLabel="Eliminar"
      danger
      loading={remove.isPending}
      onConfirm={() => remove.mutate(record)}
      onCancel={onClose}
    >
      {`¿Eliminar el expediente «${record.caption}» con sus pasos y cédulas? La deuda queda, sin expediente. Esta acción no se puede deshacer.`}
    </ConfirmModal>
  );
}

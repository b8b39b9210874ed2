import '../../components/resource/mantineStyles';
import {
  FIXED_DATE_FORMATS,
  type FixedDateFormat,
  LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  POSTING_KIND_LABELS,
  POSTING_KINDS,
  type PostingKind,
  PROFILE_LAYOUT_LABELS,
  RECONCILIATION_SOURCE_LABELS,
  type ReconciliationProfile,
  reconciliationProfilesResource,
  STATEMENT_FIELD_LABELS,
  STATEMENT_FIELDS,
  type StatementField,
} from '@cobranzas/shared';
import { Button, Group, NumberInput, Select, Stack, Switch, Table, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppModal } from '../../components/resource/AppModal';
import { fieldErrorsOf, messageOf, saveOne } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { EmptyList, LoadFailed, TableSkeleton } from '../../components/resource/states';
import { invalidateResources, resourceQueries } from '../../lib/resourceQueries';
import classes from './reconciliations.module.css';

const profiles = resourceQueries(reconciliationProfilesResource);
type Slots = Partial<Record<StatementField, { start: number | ''; length: number | '' }>>;

interface Draft {
  id?: number;
  source: ReconciliationProfile['source'];
  layout: ReconciliationProfile['layout'];
  name: string;
  method: PaymentMethod;
  postAs: PostingKind;
  active: boolean;
  recordPrefix: string;
  dateFormat: FixedDateFormat | null;
  impliedDecimals: 0 | 2;
  slots: Slots;
}

const networkDraft = (): Draft => ({
  source: 'RED_DE_PAGOS',
  layout: 'ANCHO_FIJO',
  name: '',
  method: 'EFECTIVO',
  postAs: 'PAYMENT',
  active: true,
  recordPrefix: '',
  dateFormat: 'AAAAMMDD',
  impliedDecimals: 2,
  slots: {},
});

const draftOf = (p: ReconciliationProfile): Draft => ({
  id: p.id,
  source: p.source,
  layout: p.layout,
  name: p.name,
  method: p.method,
  postAs: p.postAs,
  active: p.active,
  recordPrefix: p.recordPrefix ?? '',
  dateFormat: p.dateFormat,
  impliedDecimals: p.impliedDecimals === 0 ? 0 : 2,
  slots: (p.fixedLayout ?? {}) as Slots,
});

function bodyOf(draft: Draft) {
  const common = {
    name: draft.name.trim(),
    method: draft.method,
    postAs: draft.postAs,
    active: draft.active,
  };
  if (draft.layout !== 'ANCHO_FIJO') return draft.id ? common : { ...common, source: draft.source };
  const fixedLayout = Object.fromEntries(
    Object.entries(draft.slots).filter(([, s]) => s && s.start !== '' && s.length !== ''),
  );
  const fixed = {
    fixedLayout,
    recordPrefix: draft.recordPrefix.trim() || null,
    dateFormat: draft.dateFormat,
    impliedDecimals: draft.impliedDecimals,
  };
  return draft.id
    ? { ...common, ...fixed }
    : { ...common, ...fixed, source: draft.source, layout: draft.layout };
}

/**
 * /reconciliations/profiles: how each source's files are read. A bank's columns are set from its
 * first file (Subir archivo); a payment network's fixed-width layout is typed here from its manual.
 */
export function ProfilesPage() {
  const client = useQueryClient();
  const query = useQuery(profiles.list({ limit: 100, sort: 'name' } as never));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const rows = (query.data?.data ?? []) as ReconciliationProfile[];

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      await saveOne(reconciliationProfilesResource.path, draft.id, bodyOf(draft));
      notifications.show({ color: 'green', message: `Perfil «${draft.name.trim()}» guardado.` });
      setDraft(null);
      await invalidateResources(client, [reconciliationProfilesResource]);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0)
        notifications.show({ color: 'red', title: 'No se pudo guardar', message: messageOf(error) });
    } finally {
      setSaving(false);
    }
  };
  const change = (next: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...next } : d));
  const slot = (field: StatementField, key: 'start' | 'length', value: number | string) =>
    setDraft((d) => {
      if (!d) return d;
      const current = d.slots[field] ?? { start: '', length: '' };
      return {
        ...d,
        slots: { ...d.slots, [field]: { ...current, [key]: value === '' ? '' : Number(value) } },
      };
    });
  const error = (field: string) => errors[field]?.join(' ');

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title="Perfiles de conciliación"
        actions={
          <Group gap="xs">
            <Button component={Link} to="/reconciliations/list" variant="default">
              Ver archivos
            </Button>
            <Button
              leftSection={<IconPlus size={18} />}
              onClick={() => {
                setErrors({});
                setDraft(networkDraft());
              }}
            >
              Perfil de red de cobranza
            </Button>
          </Group>
        }
      />
      <div className={`${resource.card} ${classes.pad}`}>
        {query.isError ? (
          <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <TableSkeleton rows={3} />
        ) : rows.length === 0 ? (
          <EmptyList filtered={false} text="No hay perfiles." />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nombre</Table.Th>
                  <Table.Th>Origen</Table.Th>
                  <Table.Th>Formato</Table.Th>
                  <Table.Th>Se registra como</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{RECONCILIATION_SOURCE_LABELS[p.source]}</Table.Td>
                    <Table.Td>{PROFILE_LAYOUT_LABELS[p.layout]}</Table.Td>
                    <Table.Td>
                      {POSTING_KIND_LABELS[p.postAs]} · {LABELS.paymentMethod[p.method]}
                    </Table.Td>
                    <Table.Td>{p.active ? 'Activo' : 'Inactivo'}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => {
                          setErrors({});
                          setDraft(draftOf(p));
                        }}
                      >
                        Editar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
      <AppModal
        opened={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.id ? 'Editar perfil' : 'Nuevo perfil de red de cobranza'}
        size="lg"
      >
        {draft ? (
          <Stack>
            <TextInput
              label="Nombre"
              value={draft.name}
              onChange={(e) => change({ name: e.currentTarget.value })}
              maxLength={80}
              withAsterisk
              error={error('name')}
              data-autofocus
            />
            <Group grow>
              <Select
                label="Se registra como"
                data={POSTING_KINDS.map((k) => ({ value: k, label: POSTING_KIND_LABELS[k] }))}
                value={draft.postAs}
                onChange={(v) => v && change({ postAs: v as PostingKind })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label="Medio de pago"
                data={PAYMENT_METHODS.map((m) => ({ value: m, label: LABELS.paymentMethod[m] }))}
                value={draft.method}
                onChange={(v) => v && change({ method: v as PaymentMethod })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
            <Switch
              label="Activo"
              checked={draft.active}
              onChange={(e) => change({ active: e.currentTarget.checked })}
            />
            {draft.layout === 'ANCHO_FIJO' ? (
              <fieldset className={classes.mapping}>
                <legend>Formato del archivo de texto</legend>
                <Group grow>
                  <TextInput
                    label="Prefijo de los registros de cobro"
                    description="Solo las líneas que empiezan así son cobros (p. ej. 5)."
                    value={draft.recordPrefix}
                    onChange={(e) => change({ recordPrefix: e.currentTarget.value })}
                    maxLength={10}
                  />
                  <Select
                    label="Fechas"
                    data={FIXED_DATE_FORMATS.map((f) => ({ value: f, label: f }))}
                    value={draft.dateFormat}
                    onChange={(v) => change({ dateFormat: v as FixedDateFormat })}
                    error={error('dateFormat')}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <Select
                    label="Decimales del importe"
                    data={[
                      { value: '2', label: '2 implícitos (12345 = 123,45)' },
                      { value: '0', label: 'Sin decimales' },
                    ]}
                    value={String(draft.impliedDecimals)}
                    onChange={(v) => change({ impliedDecimals: v === '0' ? 0 : 2 })}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                  />
                </Group>
                <p className={classes.muted}>
                  Posición (la primera columna es 1) y largo de cada dato, como los da el manual de la red. La
                  fecha y el importe son obligatorios.
                </p>
                {error('fixedLayout') ? (
                  <p className={classes.error} role="alert">
                    {error('fixedLayout')}
                  </p>
                ) : null}
                <div className={classes.slots}>
                  {STATEMENT_FIELDS.filter((f) => f.key !== 'credit' && f.key !== 'debit').map((f) => (
                    <Group key={f.key} grow align="flex-end">
                      <NumberInput
                        label={`${STATEMENT_FIELD_LABELS[f.key]}: desde`}
                        value={draft.slots[f.key]?.start ?? ''}
                        onChange={(v) => slot(f.key, 'start', v)}
                        min={1}
                        max={2000}
                        allowDecimal={false}
                      />
                      <NumberInput
                        label="largo"
                        value={draft.slots[f.key]?.length ?? ''}
                        onChange={(v) => slot(f.key, 'length', v)}
                        min={1}
                        max={200}
                        allowDecimal={false}
                      />
                    </Group>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDraft(null)}>
                Cancelar
              </Button>
              <Button onClick={() => void save()} loading={saving}>
                Guardar
              </Button>
            </Group>
          </Stack>
        ) : null}
      </AppModal>
    </section>
  );
}

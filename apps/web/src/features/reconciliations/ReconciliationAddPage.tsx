import '../../components/resource/mantineStyles';
import {
  extensionOf,
  IMPORT_MAX_BYTES,
  type ImportPreview,
  RECONCILIATION_SOURCE_LABELS,
  type ReconciliationProfile,
  reconciliationProfilesResource,
  type StatementField,
  statementMapper,
} from '@cobranzas/shared';
import { Button, Group, Progress, Select, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FileDrop } from '../../components/FileDrop';
import { fieldErrorsOf, messageOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { Callout } from '../../components/resource/states';
import { resourceQueries } from '../../lib/resourceQueries';
import { ChosenFile } from '../imports/FileStep';
import imports from '../imports/imports.module.css';
import { createBankProfile, previewStatement, uploadStatement } from './api';
import classes from './reconciliations.module.css';
import { StatementMapping } from './StatementMapping';

/** The profile option that makes a new bank profile from this file's columns. */
const NEW_BANK = 'nuevo';
const ACCEPT =
  '.xlsx,.csv,.txt,text/plain,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = IMPORT_MAX_BYTES / 1024 / 1024;
const profiles = resourceQueries(reconciliationProfilesResource);

function fileProblem(file: File): string | null {
  const extension = extensionOf(file.name) ?? '';
  if (extension === 'xls') return 'Los archivos .xls no se admiten: ábralo en Excel y guárdelo como .xlsx.';
  if (file.size === 0) return 'El archivo está vacío.';
  if (file.size > IMPORT_MAX_BYTES) return `El archivo supera el máximo de ${MB} MB. Divídalo en partes.`;
  return null;
}

/**
 * /reconciliations/add (DESIGN.md §11.4): the file's profile (a bank's columns, Mercado Pago's report,
 * a network's layout) and the file → read and matched by a job, followed on its page. A new bank's
 * columns are mapped here once and kept as its profile.
 */
export function ReconciliationAddPage() {
  const navigate = useNavigate();
  const id = useId();
  const list = useQuery({
    ...profiles.list({ limit: 100, sort: 'name', active: 'true' } as never),
    staleTime: 30_000,
  });
  const options = [
    ...((list.data?.data ?? []) as ReconciliationProfile[]).map((p) => ({
      value: String(p.id),
      label: `${p.name} · ${RECONCILIATION_SOURCE_LABELS[p.source]}`,
    })),
    { value: NEW_BANK, label: 'Nuevo perfil de banco (asignar columnas)…' },
  ];
  const [profileId, setProfileId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [profileError, setProfileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<StatementField, string>>>({});
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const isNew = profileId === NEW_BANK;

  const reading = useMutation({
    mutationFn: (picked: File) => previewStatement(picked, setPercent),
    onSuccess: (result) => {
      setPreview(result);
      setMapping(result.mapping as Partial<Record<StatementField, string>>);
    },
    onError: (error) => setFileError(fieldErrorsOf(error).file?.[0] ?? messageOf(error)),
    onSettled: () => setPercent(null),
  });
  const sending = useMutation({
    mutationFn: async (picked: File) => {
      let chosen = Number(profileId);
      if (isNew) chosen = (await createBankProfile(name.trim(), mapping)).id;
      return uploadStatement(picked, chosen, setPercent);
    },
    onSuccess: ({ id: created }) => navigate(`/reconciliations/view/${created}`),
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields.name?.[0]) setNameError(fields.name[0]);
      else if (fields.profileId?.[0]) setProfileError(fields.profileId[0]);
      else if (fields.file?.[0]) setFileError(fields.file[0]);
    },
    onSettled: () => setPercent(null),
  });

  const chooseProfile = (value: string | null) => {
    setProfileId(value);
    setProfileError(null);
    sending.reset();
    if (value === NEW_BANK && file && !preview) reading.mutate(file);
  };
  const chooseFile = (picked: File) => {
    const problem = fileProblem(picked);
    setFileError(problem);
    setFile(problem ? null : picked);
    setPreview(null);
    sending.reset();
    if (!problem && isNew) reading.mutate(picked);
    if (!name && !problem) setName(picked.name.replace(/\.[^.]+$/, '').slice(0, 80));
  };
  const problems =
    isNew && preview ? statementMapper.mappingProblemsForHeaders(mapping, preview.headers) : [];
  const send = () => {
    setProfileError(profileId ? null : 'Elija el perfil del archivo.');
    setFileError(file ? fileError : 'Elija el archivo.');
    setNameError(isNew && !name.trim() ? 'Indique el nombre del perfil.' : null);
    if (!profileId || !file || (isNew && (!name.trim() || !preview || problems.length > 0))) return;
    sending.mutate(file);
  };
  const busy = reading.isPending || sending.isPending;

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title="Subir extracto o reporte de cobros"
        actions={
          <Button component={Link} to="/reconciliations/list" variant="default">
            Ver archivos
          </Button>
        }
      />
      <div className={`${resource.card} ${classes.form}`}>
        <Select
          label="Perfil"
          placeholder={list.isPending ? 'Cargando perfiles…' : 'Elija cómo leer el archivo'}
          description="El banco, Mercado Pago o la red de cobranza: cada uno tiene su perfil guardado."
          data={options}
          value={profileId}
          onChange={chooseProfile}
          withAsterisk
          error={profileError}
          comboboxProps={{ withinPortal: true }}
        />
        <div>
          <p className={imports.fieldLabel} id={`${id}-label`}>
            Archivo <span className={imports.required}>*</span>
          </p>
          <FileDrop
            className={imports.dropzone}
            accept={ACCEPT}
            invalid={Boolean(fileError)}
            input={{ 'aria-labelledby': `${id}-label`, 'aria-invalid': fileError ? true : undefined }}
            onFiles={([picked]) => picked && chooseFile(picked)}
          >
            <ChosenFile file={file}>
              Extracto en Excel (.xlsx) o .csv, reporte de dinero liberado de Mercado Pago (.csv) o archivo de
              texto de la red de cobranza, de hasta {MB} MB.
            </ChosenFile>
          </FileDrop>
          {fileError ? (
            <p className={imports.error} role="alert">
              {fileError}
            </p>
          ) : null}
        </div>
        {isNew ? (
          <>
            <TextInput
              label="Nombre del perfil"
              description="Por ejemplo, el banco y la cuenta: «Banco Nación cta. cte. 1234»."
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setNameError(null);
              }}
              maxLength={80}
              withAsterisk
              error={nameError}
            />
            {preview ? (
              <StatementMapping
                preview={preview}
                mapping={mapping}
                onChange={setMapping}
                problems={problems}
              />
            ) : reading.isPending ? (
              <p className={imports.muted}>Leyendo las columnas del archivo…</p>
            ) : (
              <p className={imports.muted}>Elija el archivo para asignar sus columnas.</p>
            )}
          </>
        ) : null}
        {sending.isError && !Object.keys(fieldErrorsOf(sending.error)).length ? (
          <Callout tone="error" title="No se pudo subir el archivo">
            {messageOf(sending.error)}
          </Callout>
        ) : null}
        {percent !== null ? (
          <div className={imports.uploading}>
            <Progress value={percent} size="sm" striped animated aria-label="Subida del archivo" />
            <span className={imports.muted}>
              {percent < 100 ? `Subiendo: ${percent} %` : 'Archivo subido: leyéndolo…'}
            </span>
          </div>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={send} loading={busy} leftSection={<IconUpload size={18} />}>
            Subir y conciliar
          </Button>
        </Group>
      </div>
    </section>
  );
}

import '../../components/resource/mantineStyles';
import '@mantine/core/styles/Stepper.css';
import {
  companiesResource,
  type ImportMapping,
  type ImportPreview,
  importIsActive,
  mappingProblemsForHeaders,
} from '@cobranzas/shared';
import { Button, Progress, Stepper } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconChecklist, IconDatabaseImport } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fieldErrorsOf, messageOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { Callout } from '../../components/resource/states';
import { useOptions } from '../../components/resource/useOptions';
import { previewImport, startImport } from './api';
import { FileStep, fileProblem } from './FileStep';
import { useImport } from './hooks';
import classes from './imports.module.css';
import { MappingStep } from './MappingStep';
import { ErrorsDownload, formatCount, hasIssues, ImportCounts, ImportProgress } from './parts';

const ACTIVE_COMPANIES = { active: 'true' } as const;

/** Upload progress under a step's buttons while the file travels (a 50 MB file takes a while). */
function Uploading({ percent, label }: { percent: number | null; label: string }) {
  if (percent === null) return null;
  return (
    <div className={classes.uploading}>
      <Progress value={percent} size="sm" striped animated aria-label={label} />
      <span className={classes.muted}>
        {percent < 100 ? `${label}: ${percent} %` : 'Archivo subido: leyéndolo…'}
      </span>
    </div>
  );
}

/**
 * /imports/add (DESIGN.md §10.1): company and file → column mapping with the first rows as the import
 * will read them → a validation (dry run) with its counts → the import, followed on its own page.
 * The file stays in the browser (a File in state) and is sent again for the validation and the import.
 */
export function ImportAddPage() {
  const navigate = useNavigate();
  const companies = useOptions(companiesResource, (c) => c.name, true, ACTIVE_COMPANIES);
  const [active, setActive] = useState(0);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [companyError, setCompanyError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [validationId, setValidationId] = useState<number | null>(null);
  const [upload, setUpload] = useState<number | null>(null);

  const reading = useMutation({
    mutationFn: (input: { file: File; companyId: string }) => previewImport(input, setUpload),
    onSuccess: (result) => {
      setPreview(result);
      setMapping(result.mapping as ImportMapping);
      setValidationId(null);
      setActive(1);
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields.companyId?.[0]) setCompanyError(fields.companyId[0]);
      else if (fields.file?.[0]) setFileError(fields.file[0]);
    },
    onSettled: () => setUpload(null),
  });
  const validating = useMutation({
    mutationFn: (input: { file: File; companyId: string; mapping: ImportMapping }) =>
      startImport({ ...input, dryRun: true }, setUpload),
    onSuccess: ({ id }) => {
      setValidationId(id);
      setActive(2);
    },
    onSettled: () => setUpload(null),
  });
  const importing = useMutation({
    mutationFn: (input: { file: File; companyId: string; mapping: ImportMapping }) =>
      startImport({ ...input, dryRun: false }, setUpload),
    onSuccess: ({ id }) => navigate(`/imports/view/${id}`),
    onSettled: () => setUpload(null),
  });
  const busy = reading.isPending || validating.isPending || importing.isPending;

  /** Anything chosen again makes what was read from the file stale. */
  const restart = () => {
    setPreview(null);
    setValidationId(null);
    reading.reset();
    validating.reset();
    importing.reset();
  };
  const chooseCompany = (value: string | null) => {
    setCompanyId(value);
    setCompanyError(null);
    restart();
  };
  const chooseFile = (picked: File) => {
    const problem = fileProblem(picked);
    setFileError(problem);
    setFile(problem ? null : picked);
    restart();
  };
  const changeMapping = (next: ImportMapping) => {
    setMapping(next);
    setValidationId(null);
    validating.reset();
  };

  const readFile = () => {
    const missingCompany = companyId ? null : 'Elija la compañía.';
    const missingFile = file ? null : (fileError ?? 'Elija el archivo a importar.');
    setCompanyError(missingCompany);
    setFileError(missingFile);
    if (!companyId || !file) return;
    if (preview) setActive(1);
    else reading.mutate({ file, companyId });
  };
  const problems = preview ? mappingProblemsForHeaders(mapping, preview.headers) : [];
  const validate = () => {
    if (!file || !companyId || problems.length > 0) return;
    if (validationId !== null) setActive(2);
    else validating.mutate({ file, companyId, mapping });
  };
  const companyName = companies.options.find((o) => o.value === companyId)?.label ?? '';

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title="Importar cartera"
        actions={
          <Button component={Link} to="/imports/list" variant="default">
            Ver importaciones
          </Button>
        }
      />
      <div className={`${resource.card} ${classes.wizard}`}>
        <Stepper
          active={active}
          onStepClick={(step) => {
            if (!busy && step < active) setActive(step);
          }}
          allowNextStepsSelect={false}
          size="sm"
          classNames={{
            content: classes.stepContent,
            step: classes.step,
            stepBody: classes.stepBody,
            stepDescription: classes.stepDescription,
          }}
        >
          <Stepper.Step label="Archivo" description="Compañía y planilla">
            <FileStep
              companies={companies.options}
              companiesLoading={companies.loading}
              companyId={companyId}
              onCompany={chooseCompany}
              companyError={companyError}
              file={file}
              onFile={chooseFile}
              fileError={fileError}
            />
            {reading.isError && !companyError && !fileError ? (
              <Callout tone="error" title="No se pudo leer el archivo" className={classes.callout}>
                <p>{messageOf(reading.error)}</p>
              </Callout>
            ) : null}
            <Uploading percent={reading.isPending ? upload : null} label="Subiendo el archivo" />
            <div className={classes.footer}>
              <Button
                onClick={readFile}
                loading={reading.isPending}
                rightSection={<IconArrowRight size={18} />}
              >
                Continuar
              </Button>
            </div>
          </Stepper.Step>

          <Stepper.Step label="Columnas" description="Asignación y vista previa">
            {preview ? <MappingStep preview={preview} mapping={mapping} onChange={changeMapping} /> : null}
            {validating.isError ? (
              <Callout tone="error" title="No se pudo validar el archivo" className={classes.callout}>
                <p>{messageOf(validating.error)}</p>
              </Callout>
            ) : null}
            <Uploading percent={validating.isPending ? upload : null} label="Subiendo el archivo" />
            <div className={classes.footer}>
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={18} />}
                onClick={() => setActive(0)}
                disabled={busy}
              >
                Volver
              </Button>
              <Button
                onClick={validate}
                loading={validating.isPending}
                disabled={problems.length > 0}
                leftSection={<IconChecklist size={18} />}
              >
                Validar
              </Button>
            </div>
          </Stepper.Step>

          <Stepper.Step label="Validación" description="Revisión e importación">
            {validationId !== null && file && companyId ? (
              <ValidationStep
                id={validationId}
                companyName={companyName}
                fileName={preview?.fileName ?? file.name}
                importing={importing.isPending}
                importError={importing.isError ? messageOf(importing.error) : null}
                upload={importing.isPending ? upload : null}
                onBack={() => setActive(1)}
                onRetry={() => {
                  setValidationId(null);
                  validating.mutate({ file, companyId, mapping });
                }}
                onImport={() => importing.mutate({ file, companyId, mapping })}
              />
            ) : null}
          </Stepper.Step>
        </Stepper>
      </div>
    </section>
  );
}

/** Step 3: the dry run's progress, then what the import would do, and the button that does it. */
function ValidationStep({
  id,
  companyName,
  fileName,
  importing,
  importError,
  upload,
  onBack,
  onRetry,
  onImport,
}: {
  id: number;
  companyName: string;
  fileName: string;
  importing: boolean;
  importError: string | null;
  upload: number | null;
  onBack: () => void;
  onRetry: () => void;
  onImport: () => void;
}) {
  const query = useImport(id);
  const record = query.data;
  const back = (
    <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={onBack} disabled={importing}>
      Volver a las columnas
    </Button>
  );

  if (query.isError) {
    return (
      <>
        <Callout tone="error" title="No se pudo consultar la validación" className={classes.callout}>
          <p>{messageOf(query.error)}</p>
        </Callout>
        <div className={classes.footer}>
          {back}
          <Button onClick={() => void query.refetch()}>Reintentar</Button>
        </div>
      </>
    );
  }
  if (!record || importIsActive(record.status)) {
    return (
      <div className={classes.validating} aria-busy="true">
        <p className={classes.stepTitle}>Validando el archivo…</p>
        <p className={classes.muted}>
          Se revisan todas las filas sin cargar nada. Puede tardar unos minutos en archivos grandes.
        </p>
        {record ? (
          <ImportProgress record={record} />
        ) : (
          <Progress value={100} striped animated size="lg" aria-label="Progreso de la validación" />
        )}
        <div className={classes.footer}>{back}</div>
      </div>
    );
  }
  if (record.status !== 'DONE') {
    return (
      <>
        <Callout
          tone="error"
          title={record.status === 'FAILED' ? 'La validación falló' : 'La validación se canceló'}
          className={classes.callout}
        >
          <p>{record.error ?? 'La validación no terminó. Vuelva a intentarlo.'}</p>
        </Callout>
        <div className={classes.footer}>
          {back}
          <Button onClick={onRetry}>Validar de nuevo</Button>
        </div>
      </>
    );
  }

  const nothing = record.created.debts + record.created.debtors + record.updatedDebtors === 0;
  return (
    <div className={classes.result}>
      <p className={classes.stepTitle}>
        Validación terminada: {formatCount(record.totalRows ?? record.processedRows)} filas revisadas
      </p>
      <p className={classes.muted}>
        Esto es lo que haría la importación de <strong>{fileName}</strong>
        {companyName ? (
          <>
            {' '}
            para <strong>{companyName}</strong>
          </>
        ) : null}
        {companyName.endsWith('.') ? '' : '.'} Todavía no se cargó nada.
      </p>
      <ImportCounts record={record} />
      {hasIssues(record) ? (
        <div className={classes.issues}>
          <p className={classes.muted}>
            {record.rejected > 0
              ? `Las ${formatCount(record.rejected)} filas rechazadas no se importan. `
              : ''}
            El archivo de errores lista cada fila con su motivo, para corregirla y volver a importarla.
          </p>
          <div>
            <ErrorsDownload record={record} />
          </div>
        </div>
      ) : null}
      {record.created.debts > 0 ? (
        <p className={classes.muted}>
          Las deudas nuevas quedarán sin cobrador asignado y sin tabla de tasas: después de importar, el
          resultado lleva al Buscador para asignarlas.
        </p>
      ) : null}
      {nothing ? (
        <Callout tone="warning" title="No hay nada para importar" className={classes.callout}>
          <p>El archivo no trae deudas nuevas ni datos de deudores para completar.</p>
        </Callout>
      ) : null}
      {importError ? (
        <Callout tone="error" title="No se pudo iniciar la importación" className={classes.callout}>
          <p>{importError}</p>
        </Callout>
      ) : null}
      <Uploading percent={upload} label="Subiendo el archivo" />
      <div className={classes.footer}>
        {back}
        <Button
          onClick={onImport}
          loading={importing}
          disabled={nothing}
          leftSection={<IconDatabaseImport size={18} />}
        >
          Importar
        </Button>
      </div>
    </div>
  );
}

import { extensionOf, IMPORT_MAX_BYTES } from '@cobranzas/shared';
import { Select } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { FileDrop } from '../../components/FileDrop';
import type { Option } from '../../components/resource/types';
import classes from './imports.module.css';

const MB = IMPORT_MAX_BYTES / 1024 / 1024;
export const IMPORT_ACCEPT =
  '.xlsx,.csv,.txt,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

const size = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${size.format(bytes / 1024)} KB`;
  return `${size.format(bytes / 1024 / 1024)} MB`;
}

/** The reason a file cannot be imported, known before uploading it; null when it may go. */
export function fileProblem(file: File): string | null {
  const extension = extensionOf(file.name) ?? '';
  if (extension === 'xls')
    return 'Los archivos .xls (Excel 97-2003) no se admiten: ábralo en Excel y guárdelo como .xlsx.';
  if (!['xlsx', 'csv', 'txt'].includes(extension))
    return 'El archivo debe ser una planilla de Excel (.xlsx) o un archivo .csv.';
  if (file.size === 0) return 'El archivo está vacío.';
  if (file.size > IMPORT_MAX_BYTES) return `El archivo supera el máximo de ${MB} MB. Divídalo en partes.`;
  return null;
}

/** What a file drop shows: the chosen file, or how to choose one and what it takes (`children`). */
export function ChosenFile({
  file,
  hintId,
  children,
}: {
  file: File | null;
  hintId?: string;
  children: ReactNode;
}) {
  return file ? (
    <>
      <IconFileSpreadsheet size={30} stroke={1.5} aria-hidden="true" />
      <FileDrop.Title>{file.name}</FileDrop.Title>
      <span className={classes.muted}>
        {formatBytes(file.size)} · Arrastre otro archivo o haga clic para cambiarlo
      </span>
    </>
  ) : (
    <>
      <IconUpload size={30} stroke={1.5} aria-hidden="true" />
      <FileDrop.Title>Arrastre el archivo aquí o haga clic para elegirlo</FileDrop.Title>
      <span className={classes.muted} id={hintId}>
        {children}
      </span>
    </>
  );
}

/** Step 1: the client company and the portfolio file. */
export function FileStep({
  companies,
  companiesLoading,
  companyId,
  onCompany,
  companyError,
  file,
  onFile,
  fileError,
}: {
  companies: Option[];
  companiesLoading: boolean;
  companyId: string | null;
  onCompany: (value: string | null) => void;
  companyError: string | null;
  file: File | null;
  onFile: (file: File) => void;
  fileError: string | null;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={classes.fileStep}>
      <Select
        className={classes.company}
        label="Compañía"
        placeholder={companiesLoading ? 'Cargando compañías…' : 'Elija la compañía'}
        description="La compañía cliente dueña de la cartera (solo las activas)."
        data={companies}
        value={companyId}
        onChange={onCompany}
        searchable
        withAsterisk
        nothingFoundMessage="Sin coincidencias"
        error={companyError}
        comboboxProps={{ withinPortal: true }}
      />
      <div>
        <p className={classes.fieldLabel} id={`${id}-label`}>
          Archivo <span className={classes.required}>*</span>
        </p>
        <FileDrop
          className={classes.dropzone}
          accept={IMPORT_ACCEPT}
          invalid={Boolean(fileError)}
          input={{
            'aria-labelledby': `${id}-label`,
            'aria-describedby': fileError ? errorId : hintId,
            'aria-invalid': fileError ? true : undefined,
          }}
          onFiles={([picked]) => picked && onFile(picked)}
        >
          <ChosenFile file={file} hintId={hintId}>
            Planilla de Excel (.xlsx) o archivo .csv, de hasta {MB} MB. La primera fila debe tener los títulos
            de las columnas.
          </ChosenFile>
        </FileDrop>
        {file ? (
          <p className={classes.muted} id={hintId}>
            Planilla de Excel (.xlsx) o archivo .csv, de hasta {MB} MB.
          </p>
        ) : null}
        {fileError ? (
          <p className={classes.error} id={errorId} role="alert">
            {fileError}
          </p>
        ) : null}
      </div>
    </div>
  );
}

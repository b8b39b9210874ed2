import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES } from '@cobranzas/shared';
import { Progress } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { FileDrop } from '../../components/FileDrop';
import type { Upload } from '../debts/common/useDocumentUploads';
import classes from '../debts/view/view.module.css';
import local from './documents.module.css';

const MB = DOCUMENT_MAX_BYTES / 1024 / 1024;

/** Drop files here or pick them; uploads in flight show their progress. */
export function Dropzone({ uploads, onFiles }: { uploads: Upload[]; onFiles: (files: File[]) => void }) {
  return (
    <div className={local.dropArea}>
      <FileDrop
        accept={DOCUMENT_ACCEPT}
        multiple
        input={{ 'aria-label': 'Subir documentos' }}
        onFiles={onFiles}
      >
        <IconUpload size={28} stroke={1.5} aria-hidden="true" />
        <FileDrop.Title>Arrastre los archivos aquí o haga clic para elegirlos</FileDrop.Title>
        <span className={classes.muted}>PDF, imágenes, Office, texto o CSV; hasta {MB} MB cada uno.</span>
      </FileDrop>
      {uploads.map((upload) => (
        <div key={upload.key} className={local.upload}>
          <span className={local.uploadName}>{upload.name}</span>
          <Progress
            value={upload.percent}
            size="md"
            striped
            animated
            aria-label={`Subiendo ${upload.name}`}
          />
          <span className={classes.muted}>{upload.percent} %</span>
        </div>
      ))}
    </div>
  );
}

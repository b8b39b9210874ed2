import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES } from '@cobranzas/shared';
import { Progress } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, useId, useState } from 'react';
import classes from '../debts/view/view.module.css';
import local from './documents.module.css';

export type Upload = { key: string; name: string; percent: number };

const MB = DOCUMENT_MAX_BYTES / 1024 / 1024;

/** Drop files here or pick them; uploads in flight show their progress. */
export function Dropzone({ uploads, onFiles }: { uploads: Upload[]; onFiles: (files: File[]) => void }) {
  const id = useId();
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    if (list?.length) onFiles([...list]);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };
  return (
    <div className={local.dropArea}>
      <label
        htmlFor={id}
        className={local.dropzone}
        data-over={over || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <IconUpload size={28} stroke={1.5} aria-hidden="true" />
        <span className={local.dropTitle}>Arrastre los archivos aquí o haga clic para elegirlos</span>
        <span className={classes.muted}>PDF, imágenes, Office, texto o CSV; hasta {MB} MB cada uno.</span>
        <input
          id={id}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          className={local.fileInput}
          aria-label="Subir documentos"
          onChange={(event) => {
            take(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </label>
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

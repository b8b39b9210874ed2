import { type DebtDocument, DOCUMENT_MAX_BYTES, debtsResource, documentsResource } from '@cobranzas/shared';
import { ActionIcon, Anchor, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { messageOf } from '../../components/resource/http';
import { useResourceMutation } from '../../lib/resourceQueries';
import { downloadDocument, uploadDocument } from '../debts/common/api';
import { formatDateTime } from '../debts/common/labels';
import { debtTab, RecordTab, type TabProps } from '../debts/view/RecordTab';
import { Dropzone, type Upload } from './Dropzone';

const SIZE = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });
export function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${SIZE.format(bytes / 1024)} KB`;
  return `${SIZE.format(bytes / 1024 / 1024)} MB`;
}

/** The tab's list, in the API's order. */
export const DOCUMENTS_TAB = debtTab(documentsResource);

/** Documentos: upload (drag and drop, progress), download as the original file, delete. */
export function DocumentsTab(props: TabProps) {
  const { debt, perms } = props;
  const send = useResourceMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadDocument(debt.id, file, onProgress),
    invalidates: [documentsResource, debtsResource],
  });
  const [uploads, setUploads] = useState<Upload[]>([]);

  async function upload(file: File) {
    if (file.size > DOCUMENT_MAX_BYTES) {
      notifications.show({
        color: 'red',
        title: 'Archivo demasiado grande',
        message: `«${file.name}» supera el máximo de ${formatSize(DOCUMENT_MAX_BYTES)}.`,
      });
      return;
    }
    const key = `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`;
    const progress = (percent: number) =>
      setUploads((all) => all.map((u) => (u.key === key ? { ...u, percent } : u)));
    setUploads((all) => [...all, { key, name: file.name, percent: 0 }]);
    try {
      await send.mutateAsync({ file, onProgress: progress });
      notifications.show({ color: 'green', title: 'Documento subido', message: `Se subió «${file.name}».` });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `No se pudo subir «${file.name}»`,
        message: messageOf(error),
      });
    } finally {
      setUploads((all) => all.filter((u) => u.key !== key));
    }
  }

  async function download(doc: DebtDocument) {
    try {
      await downloadDocument(doc.id, doc.fileName);
    } catch (error) {
      notifications.show({ color: 'red', title: 'No se pudo descargar', message: messageOf(error) });
    }
  }

  return (
    <RecordTab
      {...props}
      spec={DOCUMENTS_TAB}
      title="Documentos"
      empty="No hay documentos adjuntos."
      noun={(d) => `el documento «${d.fileName}»`}
      label={(d) => `Documento ${d.fileName}`}
      extra={
        perms.add ? (
          <Dropzone uploads={uploads} onFiles={(files) => files.forEach((f) => void upload(f))} />
        ) : null
      }
      actions={(doc) => (
        <Tooltip label="Descargar" withinPortal>
          <ActionIcon
            variant="subtle"
            aria-label={`Descargar ${doc.fileName}`}
            onClick={() => void download(doc)}
          >
            <IconDownload size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      columns={[
        {
          accessor: 'fileName',
          title: 'Archivo',
          phone: true,
          render: (doc) => (
            <Anchor component="button" type="button" onClick={() => void download(doc)}>
              {doc.fileName}
            </Anchor>
          ),
        },
        { accessor: 'size', title: 'Tamaño', noWrap: true, render: (d) => formatSize(d.size) },
        { accessor: 'uploadedByName', title: 'Subido por' },
        { accessor: 'createdAt', title: 'Fecha', noWrap: true, render: (d) => formatDateTime(d.createdAt) },
      ]}
    />
  );
}

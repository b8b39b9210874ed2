import { type DebtDocument, debtsResource, documentsResource } from '@cobranzas/shared';
import { ActionIcon, Anchor, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { messageOf } from '../../components/resource/http';
import { formatSize } from '../../lib/format';
import { useResourceMutation } from '../../lib/resourceQueries';
import { downloadDocument, uploadDocument } from '../debts/common/api';
import { formatDateTime } from '../debts/common/labels';
import { useDocumentUploads } from '../debts/common/useDocumentUploads';
import { debtTab, RecordTab, type TabProps } from '../debts/view/RecordTab';
import { Dropzone } from './Dropzone';

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
  const { uploads, upload } = useDocumentUploads(send.mutateAsync);

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

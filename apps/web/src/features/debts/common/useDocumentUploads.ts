import { DOCUMENT_MAX_BYTES } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { messageOf } from '../../../components/resource/http';
import { formatSize } from '../../../lib/format';

/** A file on its way up, with how much of it has gone. */
export type Upload = { key: string; name: string; percent: number };

type Send = (args: { file: File; onProgress: (percent: number) => void }) => Promise<unknown>;

/**
 * Uploads documents one call each, with their progress while they go and a notice when each ends; a
 * file over the limit is refused before it leaves (the debt's tab and a case step's documents).
 */
export function useDocumentUploads(send: Send) {
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
      await send({ file, onProgress: progress });
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

  return { uploads, upload };
}

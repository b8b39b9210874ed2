/**
 * The carta documento dialogs of the debt's «Cartas» tab: one sent outside (its number, sent and
 * delivered days), a printed letter marked as sent by carta documento, and its delivery once known.
 * No day after today, the delivery never before the sending: checked here in the API's own words,
 * and the API's field errors land under their fields.
 */
import {
  agencyToday,
  LETTER_MESSAGES,
  type Letter,
  letterCreateSchema,
  MESSAGES,
  optionalDate,
} from '@cobranzas/shared';
import { z } from 'zod';
import { DateField } from '../../components/resource/DateField';
import { TextField } from '../../components/resource/fields';
import { formatDate } from '../../lib/format';
import { requiredDate } from '../debts/common/schemas';
import { RecordModal } from '../debts/view/RecordModal';

const notFuture = (day: string | null) => day === null || day <= agencyToday();
const pastDay = requiredDate.refine(notFuture, { error: MESSAGES.moneyDateAfterToday });
const pastOptionalDay = optionalDate.refine(notFuture, { error: MESSAGES.moneyDateAfterToday });

const cdSchema = z
  .object({
    cdNumber: letterCreateSchema.shape.cdNumber,
    sentOn: pastDay,
    deliveredOn: pastOptionalDay,
  })
  .refine((v) => v.deliveredOn === null || v.deliveredOn >= v.sentOn, {
    path: ['deliveredOn'],
    error: LETTER_MESSAGES.deliveredBeforeSent,
  });
type CdValues = z.output<typeof cdSchema>;

/** What the dialog is doing: a new carta documento, or one letter marked or delivered. */
export type CdEditing =
  | { kind: 'new' }
  | { kind: 'mark'; letter: Letter }
  | { kind: 'deliver'; letter: Letter };

/** The body the API takes for each case (POST adds the debt's id). */
export type CdSave = (editing: CdEditing, body: Record<string, unknown>, message: string) => Promise<unknown>;

/** «Registrar carta documento» or «Marcar como carta documento»: number, sent day, delivered day. */
function CdForm({ editing, onSave, onClose }: { editing: CdEditing; onSave: CdSave; onClose: () => void }) {
  const letter = editing.kind === 'new' ? null : editing.letter;
  return (
    <RecordModal
      title={letter ? 'Marcar como carta documento' : 'Registrar carta documento'}
      schema={cdSchema}
      defaultValues={{
        cdNumber: letter?.cdNumber ?? '',
        // A printed letter went out on its day, most likely.
        sentOn: letter ? (letter.sentOn ?? agencyToday(new Date(letter.at))) : agencyToday(),
        deliveredOn: letter?.deliveredOn ?? null,
      }}
      intro={
        letter ? (
          <p>{`La carta «${letter.templateName}» del ${formatDate(letter.at)}, enviada por carta documento.`}</p>
        ) : (
          <p>
            Una carta documento enviada por fuera del sistema (formulario o servicio en línea del correo).
          </p>
        )
      }
      onSubmit={(values: CdValues) =>
        onSave(
          editing,
          { cdNumber: values.cdNumber, sentOn: values.sentOn, deliveredOn: values.deliveredOn },
          `Se registró la carta documento N.º ${values.cdNumber}.`,
        )
      }
      onClose={onClose}
    >
      <TextField name="cdNumber" label="Número de carta documento" withAsterisk maxLength={30} />
      <DateField name="sentOn" label="Enviada el" withAsterisk clearable={false} />
      <DateField name="deliveredOn" label="Entregada el" description="Si todavía no se sabe, déjelo vacío." />
    </RecordModal>
  );
}

/** «Registrar entrega»: the day the post delivered it (not before it was sent). */
function DeliveryForm({ letter, onSave, onClose }: { letter: Letter; onSave: CdSave; onClose: () => void }) {
  const schema = z
    .object({ deliveredOn: pastDay })
    .refine((v) => !letter.sentOn || v.deliveredOn >= letter.sentOn, {
      path: ['deliveredOn'],
      error: LETTER_MESSAGES.deliveredBeforeSent,
    });
  return (
    <RecordModal
      title="Registrar entrega"
      schema={schema}
      defaultValues={{ deliveredOn: agencyToday() }}
      intro={
        <p>{`Carta documento N.º ${letter.cdNumber ?? ''}${letter.sentOn ? `, enviada el ${formatDate(letter.sentOn)}` : ''}.`}</p>
      }
      onSubmit={(values) =>
        onSave(
          { kind: 'deliver', letter },
          { deliveredOn: values.deliveredOn },
          `Se registró la entrega de la carta documento N.º ${letter.cdNumber ?? ''}.`,
        )
      }
      onClose={onClose}
    >
      <DateField name="deliveredOn" label="Entregada el" withAsterisk clearable={false} />
    </RecordModal>
  );
}

/** The open dialog, if any (mounted only while open, so each opening starts afresh). */
export function CdDialog({
  editing,
  onSave,
  onClose,
}: {
  editing: CdEditing | null;
  onSave: CdSave;
  onClose: () => void;
}) {
  if (!editing) return null;
  return editing.kind === 'deliver' ? (
    <DeliveryForm letter={editing.letter} onSave={onSave} onClose={onClose} />
  ) : (
    <CdForm editing={editing} onSave={onSave} onClose={onClose} />
  );
}

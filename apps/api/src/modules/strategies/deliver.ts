/**
 * Sending what a run's batches left in the outbox (issue 36), after each batch commits: e-mail over
 * the agency's SMTP server, WhatsApp through the provider. Each message is marked ENVIADO with the
 * server's id or FALLIDO with its reason (and the debt's timeline says it was not sent). A process
 * that dies between a send and its mark sends that one message again when the run resumes: SMTP has
 * no way to ask whether it already took it.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { strategyMessages } from '../../db/schema';
import { agencyMailSender, MAIL_MESSAGES, type MailSender } from '../../messaging/mail';
import { sendWhatsApp, WHATSAPP_MESSAGES } from '../../messaging/whatsapp';
import { contactFactsOf } from '../contacts/facts';
import { stillAllowed } from './contact';
import { STRATEGY_EVENT_TYPE } from './writes';

export type DeliveryConfig = Pick<Config, 'smtpPassword' | 'whatsapp'>;

/** Sends every PENDIENTE message of the run; stops early when `signal` aborts. */
export async function deliverPending(
  db: Db,
  runId: number,
  strategyId: number,
  config: DeliveryConfig,
  signal: AbortSignal,
  now: () => Date = () => new Date(),
): Promise<{ sent: number; failed: number }> {
  const pending = await db
    .select()
    .from(strategyMessages)
    .where(and(eq(strategyMessages.runId, runId), eq(strategyMessages.status, 'PENDIENTE')))
    .orderBy(asc(strategyMessages.id));
  const result = { sent: 0, failed: 0 };
  if (pending.length === 0) return result;
  let mailer: MailSender | null | undefined;
  try {
    for (const message of pending) {
      if (signal.aborted) break;
      let providerId: string | null = null;
      let error: string | null = null;
      try {
        // The rules once more: what happened since the batch (a dispute, an opt-out, the hour) wins.
        const facts = await contactFactsOf(db, sql`d.id = ${message.debtId}`, now());
        const refused = stillAllowed(facts.get(message.debtId), message.channel);
        if (refused) throw new Error(refused);
        if (message.channel === 'EMAIL') {
          mailer ??= await agencyMailSender(db, config);
          if (!mailer) throw new Error(MAIL_MESSAGES.notReady);
          providerId = await mailer.send({
            to: message.recipient,
            subject: message.subject ?? '',
            text: message.body,
            unsubscribeUrl: message.unsubscribeUrl,
          });
        } else {
          if (!config.whatsapp) throw new Error(WHATSAPP_MESSAGES.notReady);
          const { template, language, parameters } = JSON.parse(message.body) as {
            template: string;
            language: string;
            parameters: string[];
          };
          providerId = await sendWhatsApp(config.whatsapp, {
            to: message.recipient,
            template,
            language,
            parameters,
          });
        }
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
      }
      await markMessage(db, message, strategyId, providerId, error);
      if (error) result.failed++;
      else result.sent++;
    }
  } finally {
    mailer?.close();
  }
  return result;
}

/** A message sent (with the server's id) or not (with why, and the debt's timeline says so). */
async function markMessage(
  db: Db,
  message: { id: number; debtId: number; channel: string },
  strategyId: number,
  providerId: string | null,
  error: string | null,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(strategyMessages)
      .set({
        status: error ? 'FALLIDO' : 'ENVIADO',
        error,
        providerId: providerId?.slice(0, 200) ?? null,
        sentAt: error ? null : new Date(),
        updatedAt: new Date(),
      })
      .where(eq(strategyMessages.id, message.id));
    if (error)
      await tx.execute(sql`INSERT INTO events (debt_id, event_type_id, description, strategy_id)
            SELECT ${message.debtId}::int, t.id, ${`No se pudo enviar el ${message.channel === 'EMAIL' ? 'correo' : 'WhatsApp'}: ${error}`.slice(0, 4000)}, ${strategyId}::int
            FROM event_types t WHERE lower(t.name) = lower(${STRATEGY_EVENT_TYPE})`);
  });
}

/**
 * A run stopped by a person: what its committed batches left unsent is not sent, and each debt's
 * timeline says so (its attempt was counted). A message on the wire at that moment may still go.
 */
export async function abandonPending(db: Db, runId: number, strategyId: number) {
  const pending = await db
    .select()
    .from(strategyMessages)
    .where(and(eq(strategyMessages.runId, runId), eq(strategyMessages.status, 'PENDIENTE')));
  for (const message of pending)
    await markMessage(db, message, strategyId, null, 'La ejecución se detuvo antes de enviarlo.');
}

import {
  MESSAGES,
  type MessagingSettings,
  messagingSettingsSchema,
  messagingSettingsUpdateSchema,
  messagingTestSchema,
} from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { docsFor, errorResponses, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { agencySettings } from '../../db/schema';
import { HttpError } from '../../errors';
import { emailReady, MAIL_MESSAGES, mailSender } from '../../messaging/mail';

type Row = typeof agencySettings.$inferSelect;

const adminOnly = async (request: FastifyRequest) => {
  if (request.user.type !== 'ADMIN') throw new HttpError(403, MESSAGES.forbidden);
};
const guarded = { config: { access: 'authenticated' as const }, onRequest: adminOnly };

const smtpOf = (row: Row) => ({
  smtpHost: row.smtpHost,
  smtpPort: row.smtpPort,
  smtpSecure: row.smtpSecure,
  smtpUser: row.smtpUser,
  mailFromName: row.mailFromName,
  mailFrom: row.mailFrom,
});

/**
 * How the agency sends e-mail and WhatsApp (issue 36), ADMIN only: GET and PUT /api/agency/messaging
 * (the SMTP server, user and sender; its password and WhatsApp's token stay in the environment), and
 * POST /api/agency/messaging/test, which sends one e-mail to see that the server takes it.
 */
export function messagingRoutes(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'smtpPassword' | 'whatsapp'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const docs = docsFor('agencia');
  const answer = (row: Row): MessagingSettings => ({
    ...smtpOf(row),
    smtpPasswordSet: Boolean(config.smtpPassword),
    emailReady: emailReady(row),
    whatsappReady: config.whatsapp !== null,
  });
  const read = async () => {
    const [row] = await db.select().from(agencySettings).where(eq(agencySettings.id, 1));
    if (!row) throw new Error('agency_settings has no row 1');
    return row;
  };

  api.get(
    '/api/agency/messaging',
    {
      ...guarded,
      schema: {
        ...docs,
        summary: 'Correo y WhatsApp de la agencia (ADMIN)',
        response: { 200: messagingSettingsSchema, ...errorResponses },
      },
    },
    async () => answer(await read()),
  );

  api.put(
    '/api/agency/messaging',
    {
      ...guarded,
      schema: {
        ...docs,
        summary: 'Cambiar el servidor de correo y el remitente (ADMIN; la contraseña va en SMTP_PASSWORD)',
        body: messagingSettingsUpdateSchema,
        response: { 200: messagingSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(agencySettings).where(eq(agencySettings.id, 1)).for('update');
        const [after] = await tx
          .update(agencySettings)
          .set({ ...request.body, updatedAt: new Date() })
          .where(eq(agencySettings.id, 1))
          .returning();
        if (!before || !after) throw new Error('agency_settings has no row 1');
        await writeAudit(tx, request.user, {
          action: 'update',
          resource: 'agency',
          recordId: 1,
          before: smtpOf(before),
          after: smtpOf(after),
        });
        return after;
      });
      return answer(row);
    },
  );

  api.post(
    '/api/agency/messaging/test',
    {
      ...guarded,
      schema: {
        ...docs,
        summary: 'Enviar un correo de prueba con la configuración guardada (ADMIN)',
        body: messagingTestSchema,
        response: {
          200: z.object({ sent: z.literal(true), id: z.string() }),
          ...errorResponses,
          502: errorResponses[400],
        },
      },
    },
    async (request) => {
      const sender = mailSender(await read(), config.smtpPassword);
      if (!sender) throw new HttpError(409, MAIL_MESSAGES.notReady);
      try {
        const id = await sender.send({
          to: request.body.to,
          subject: 'Prueba de correo de Cobranzas',
          text: 'Si recibe este mensaje, el servidor de correo de la agencia está bien configurado.',
          unsubscribeUrl: null,
        });
        return { sent: true as const, id };
      } catch (error) {
        throw new HttpError(502, error instanceof Error ? error.message : String(error));
      } finally {
        sender.close();
      }
    },
  );
}

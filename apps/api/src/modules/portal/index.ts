import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { DocumentStorage } from '../../storage';
import { portalActionRoutes } from './actions';
import { portalKeys } from './codes';
import { portalDebtsRoute } from './debts';
import { portalDocumentRoute } from './documents';
import { portalLinkRoutes } from './links';
import { mercadoPago } from './mercadoPago';
import { portalOfferRoutes } from './offers';
import { portalPaymentRoutes } from './payments';
import { portalRequestRoutes } from './requests';
import { portalSessionRoutes } from './session';
import { mercadoPagoWebhook } from './webhook';

/**
 * The debtor's own door (DESIGN.md §11.3, issue 34): staff make and revoke a debtor's links and
 * resolve what they asked for; the debtor enters /api/portal with a code and their DNI and sees and
 * acts on their own debts only.
 */
export function portalModule(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'jwtSecret' | 'publicUrl' | 'portalRateLimitPerMinute' | 'mercadoPago'>,
  storage: DocumentStorage,
) {
  const keys = portalKeys(config.jwtSecret);
  const gateway = config.mercadoPago ? mercadoPago(config.mercadoPago) : null;
  portalLinkRoutes(app, db, keys, config.publicUrl);
  portalRequestRoutes(app, db);
  portalSessionRoutes(app, db, keys, { ratePerMinute: config.portalRateLimitPerMinute });
  portalDebtsRoute(app, db, keys, gateway ? 'MERCADOPAGO' : 'TRANSFERENCIA');
  portalActionRoutes(app, db, keys);
  portalPaymentRoutes(app, db, keys, { gateway, publicUrl: config.publicUrl });
  portalOfferRoutes(app, db, keys);
  portalDocumentRoute(app, db, keys, storage);
  mercadoPagoWebhook(app, db, gateway);
}

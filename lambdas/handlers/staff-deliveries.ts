/**
 * The staff console's sends, through the delivery engine and its lease (staff only): POST /api/staff/deliveries
 * ("Send again" for one delivery) and POST /api/staff/webhook (the spec's webhook helper for a stored
 * submission). See lambdas/domain/leads/deliveries.ts.
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { sendAgainSchema, webhookSendSchema } from '@shared/contract/schemas/staff-console';
import { leadRecordDeps, staffFunction, staffRoute, deliveringDeps } from '../composition/staff';
import { sendDeliveryAgain, sendToWebhook } from '../domain/leads/deliveries';
import { ok } from '../lib/http';

export const handler = staffFunction('staffDeliveries', [
  staffRoute(deployedRoutes.sendDeliveryAgain, sendAgainSchema, async ({ body, userId }) => ok(await sendDeliveryAgain(leadRecordDeps(), deliveringDeps(), body, userId))),
  staffRoute(deployedRoutes.sendToWebhook, webhookSendSchema, async ({ body, userId }) => ok(await sendToWebhook(leadRecordDeps(), deliveringDeps(), body, userId))),
]);

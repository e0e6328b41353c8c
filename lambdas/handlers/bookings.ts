/**
 * The visitor's booking page (issue 41), one Lambda for three public routes, each checked against the link's token:
 *   GET  /api/bookings/slots   the request's booking and the free slots (the preferred time of day first)
 *   POST /api/bookings         book the demo at a slot, or move it there
 *   POST /api/bookings/cancel  cancel it
 * See lambdas/domain/bookings.
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { bookDemoSchema, cancelDemoSchema, slotsQuerySchema } from '@shared/contract/schemas/bookings';
import { visitorDeps } from '../composition/bookings';
import { visitorBook, visitorCancel, visitorSlots } from '../domain/bookings/visitor';
import { httpHandler, ok, routesHandler } from '../lib/http';

const slots = httpHandler(deployedRoutes.getBookingSlots, slotsQuerySchema, async ({ body }) => ok(await visitorSlots(await visitorDeps(), body)));
const book = httpHandler(deployedRoutes.bookDemo, bookDemoSchema, async ({ body }) => ok(await visitorBook(await visitorDeps(), body)));
const cancel = httpHandler(deployedRoutes.cancelDemo, cancelDemoSchema, async ({ body }) => ok(await visitorCancel(await visitorDeps(), body)));

export const handler = routesHandler('bookings', [
  [deployedRoutes.getBookingSlots, slots],
  [deployedRoutes.bookDemo, book],
  [deployedRoutes.cancelDemo, cancel],
]);

/**
 * The staff console's calendar (issue 41; staff only: lambdas/lib/http.ts checks the group):
 *   GET  /api/staff/bookings           the demos of a day or a week
 *   GET  /api/staff/booking            a lead's booking with the log of its mails
 *   POST /api/staff/booking            move or cancel it (the visitor is told)
 *   GET  /api/staff/booking-settings   the availability, and whether the caller has a feed
 *   POST /api/staff/booking-settings   change the availability
 *   POST /api/staff/calendar-feed      make or revoke the caller's private calendar feed
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { availabilitySchema, calendarFeedSchema, staffBookingChangeSchema, staffBookingQuerySchema, staffCalendarQuerySchema } from '@shared/contract/schemas/bookings';
import * as z from '@shared/contract/schemas/zod';
import { staffBookingDeps as deps } from '../composition/bookings';
import { staffFunction, staffRoute } from '../composition/staff';
import {
  bookingSettings,
  manageFeed,
  saveBookingSettings,
  staffBookingDetail,
  staffCalendar,
  staffChangeBooking,
} from '../domain/bookings/staff';
import { ok } from '../lib/http';

const noInput = z.object({});

export const handler = staffFunction('staffBookings', [
  staffRoute(deployedRoutes.listBookings, staffCalendarQuerySchema, async ({ body }) => ok(await staffCalendar(deps(), body))),
  staffRoute(deployedRoutes.getBooking, staffBookingQuerySchema, async ({ body }) => ok(await staffBookingDetail(deps(), body.id))),
  staffRoute(deployedRoutes.changeBooking, staffBookingChangeSchema, async ({ body, userId }) => ok(await staffChangeBooking(deps(), body, userId))),
  staffRoute(deployedRoutes.getBookingSettings, noInput, async ({ userId }) => ok(await bookingSettings(deps(), userId))),
  staffRoute(deployedRoutes.updateBookingSettings, availabilitySchema, async ({ body, userId }) => ok(await saveBookingSettings(deps(), body, userId))),
  staffRoute(deployedRoutes.manageCalendarFeed, calendarFeedSchema, async ({ body, userId }) => ok(await manageFeed(deps(), body.action, userId))),
]);

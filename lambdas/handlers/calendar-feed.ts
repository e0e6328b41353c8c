/**
 * GET /api/calendar-feed?token=...: a staff member's private calendar feed (issue 41), the iCalendar text a calendar
 * program subscribes to. The token is the secret (made and revoked in the staff console; only its SHA-256 is stored).
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { feedQuerySchema } from '@shared/contract/schemas/bookings';
import { feedDeps } from '../composition/bookings';
import { ICS_CONTENT_TYPE } from '../domain/bookings/ical';
import { feedText } from '../domain/bookings/staff';
import { httpHandler } from '../lib/http';

export const handler = httpHandler(deployedRoutes.calendarFeed, feedQuerySchema, async ({ body }) => {
  const text = await feedText(feedDeps(), body.token);
  // Private: never kept by a shared cache, and never indexed.
  return { statusCode: 200, headers: { 'content-type': ICS_CONTENT_TYPE, 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' }, body: text };
});

/**
 * The composition root of the staff overview (lambdas/domain/overview): its figures written by the functions that
 * write leads (the delivery engine, the staff console) and purchases (the Stripe webhook, the success screen), on
 * the `overview` table, in the agency's time zone; and the overview's own reads.
 */
import { figureReader, figureWriter } from '../data/overview';
import { systemClock } from '../domain/clock';
import type { BookingRecord } from '../domain/bookings/ports';
import { recordDemo, recordDemoErasure } from '../domain/overview/demos';
import { recordErasure, recordLead, type LeadFigureDeps } from '../domain/overview/leads';
import { recordSale } from '../domain/overview/sales';
import type { OverviewDeps } from '../domain/overview/view';
import type { PurchaseStore } from '../domain/purchases/record';
import type { LeadRecord } from '../domain/submissions/record';
import { setting } from '../lib/env';
import { logger } from '../lib/logger';

function figureDeps(): LeadFigureDeps {
  return { store: figureWriter, timeZone: setting('AGENCY_TIME_ZONE') };
}

/**
 * A lead's figures after a write of it. Best effort: the write itself is done and answered; a failed figure is
 * logged, and made good by the lead's next delivery attempt or change.
 */
export async function leadFigures(record: LeadRecord): Promise<void> {
  await recordLead(figureDeps(), record).catch((error: unknown) => logger.warn('overview figures not updated', { submissionId: record.id, error: String(error) }));
}

/** A person's erasure: must succeed like every step of it (an erasure that failed is run again). */
export function erasedLeadFigures(record: LeadRecord): Promise<void> {
  return recordErasure(figureDeps(), record);
}

/** A booking's figures after it was booked, moved or cancelled. Best effort, like a lead's: its next change redoes them. */
export async function demoFigures(booking: BookingRecord): Promise<void> {
  await recordDemo(figureDeps(), booking).catch((error: unknown) => logger.warn('overview figures not updated', { requestId: booking.requestId, error: String(error) }));
}

export function erasedDemoFigures(booking: BookingRecord): Promise<void> {
  return recordDemoErasure(figureDeps(), booking);
}

/**
 * A purchase's figures after a Stripe event or a confirmation recorded it. `strict` (the Stripe webhook): a failure
 * fails the event, which Stripe delivers again; otherwise (the success screen) it is logged, and the purchase's
 * webhook event makes it good.
 */
export function saleFigures(purchases: Pick<PurchaseStore, 'find'>, strict: boolean): (sessionId: string) => Promise<void> {
  return async (sessionId) => {
    const record = async () => {
      const purchase = await purchases.find(sessionId);
      if (purchase) await recordSale(figureDeps(), purchase);
    };
    if (strict) return record();
    await record().catch((error: unknown) => logger.warn('overview figures not updated', { sessionId, error: String(error) }));
  };
}

export function overviewDeps(): OverviewDeps {
  return {
    store: figureReader,
    timeZone: setting('AGENCY_TIME_ZONE'),
    retentionDays: Number(setting('SUBMISSION_RETENTION_DAYS')),
    overdueThreshold: Number(setting('OVERDUE_LEADS_ALARM')),
    now: systemClock.now(),
  };
}

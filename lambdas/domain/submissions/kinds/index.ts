/**
 * Every kind of submission and how it is delivered. The request handlers and the retry job both use this
 * registry, so a submission stored by one is delivered the same way by the other.
 */
import type { SubmissionDeps } from '../engine';
import { contactMessageDelivery } from './contact-message';
import { demoRequestDelivery } from './demo-request';
import { ideaDelivery } from './idea';
import { saleNoticeDelivery } from './sale-notice';
import { demoBookingDelivery } from '../../bookings/mails';

export const deliveryPlans: SubmissionDeps['plans'] = {
  demoRequest: demoRequestDelivery,
  contactMessage: contactMessageDelivery,
  idea: ideaDelivery,
  saleNotice: saleNoticeDelivery,
  demoBooking: demoBookingDelivery,
};

/**
 * Every kind of submission and how it is delivered. The request handlers and the retry job both use this
 * registry, so a submission stored by one is delivered the same way by the other.
 * Each feature adds its plan here (one line).
 */
import type { SubmissionDeps } from '../engine';
import { contactMessagePlan } from './contact-message';
import { demoRequestPlan } from './demo-request';
import { ideaDeliveryPlan } from './idea';

export const deliveryPlans: SubmissionDeps['plans'] = {
  demoRequest: demoRequestPlan,
  contactMessage: contactMessagePlan,
  idea: ideaDeliveryPlan,
};

/** The wiring of SES's bounce and complaint events (lambdas/handlers/mail-feedback.ts): the visitorMail table's suppressed addresses. */
import { addressSuppression } from '../data/visitor-mail';
import { systemClock } from '../domain/clock';

export const mailFeedbackDeps = { suppression: addressSuppression, clock: systemClock } as const;

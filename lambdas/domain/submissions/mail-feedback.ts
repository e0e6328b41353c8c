/**
 * What SES tells about mail it could not deliver or that a recipient marked as spam (the configuration set's event
 * destination, deployed; the mailFeedback function): a permanent bounce or a complaint suppresses the address, so no
 * further mail to a visitor goes to it (./visitor-mail.ts). A transient bounce (a full mailbox, a server briefly
 * down) suppresses nothing: the next mail may well arrive. Only a hash of the address is kept.
 */
import { addressKey } from './visitor-mail';

/** The suppressed addresses, as the mailFeedback function records them (lambdas/data/visitor-mail.ts). */
export interface AddressSuppression {
  /** Records that `addressKey` gets no more visitor mail, and why; a second report changes nothing. */
  suppress(addressKey: string, reason: 'bounce' | 'complaint', at: Date): Promise<void>;
}

interface Recipient {
  readonly emailAddress?: unknown;
}

/** One SES event, as an event destination publishes it (`eventType`) or an identity notifies (`notificationType`). */
export interface SesFeedback {
  readonly eventType?: string;
  readonly notificationType?: string;
  readonly bounce?: { readonly bounceType?: string; readonly bouncedRecipients?: readonly Recipient[] };
  readonly complaint?: { readonly complainedRecipients?: readonly Recipient[] };
}

/** The addresses one SES event suppresses, and why (none for a transient bounce, a delivery or anything else). */
export function suppressionsOf(event: SesFeedback): { address: string; reason: 'bounce' | 'complaint' }[] {
  const type = event.eventType ?? event.notificationType;
  const addresses = (list: readonly Recipient[] | undefined) => (list ?? []).map((r) => r.emailAddress).filter((a): a is string => typeof a === 'string' && a.includes('@'));
  if (type === 'Bounce' && event.bounce?.bounceType === 'Permanent') return addresses(event.bounce.bouncedRecipients).map((address) => ({ address, reason: 'bounce' }));
  if (type === 'Complaint') return addresses(event.complaint?.complainedRecipients).map((address) => ({ address, reason: 'complaint' }));
  return [];
}

/** Records what one SES event says; answers how many addresses it suppressed. */
export async function recordMailFeedback(store: AddressSuppression, event: SesFeedback, at: Date): Promise<number> {
  const found = suppressionsOf(event);
  for (const { address, reason } of found) await store.suppress(addressKey(address), reason, at);
  return found.length;
}

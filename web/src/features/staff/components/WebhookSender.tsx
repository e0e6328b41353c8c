/**
 * "Send to webhook": the spec's webhook helper (spec 000_87e5fbf87b6c3f39.txt §7 item 6, its toasts in §8, word for
 * word), for this submission: its data and files to the test webhook (the default) or the prod one, signed like
 * every delivery, through the delivery engine.
 */
import { useState } from 'react';
import { webhookTypes, type WebhookType } from '@shared/contract/staff-console';
import { toastMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSendToWebhook } from '../api/send-to-webhook';

export function WebhookSender({ id }: { id: string }) {
  const [type, setType] = useState<WebhookType>('test');
  const sending = useSendToWebhook();
  return (
    <section className="staff-section" aria-labelledby="webhook-title">
      <h2 id="webhook-title">Send to webhook</h2>
      <p className="staff-muted">Sends the submission&apos;s data and files to an automation webhook. Test unless you choose prod.</p>
      <form
        className="staff-inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          sending.mutate(
            { id, webhookType: type },
            {
              onSuccess: (answer) => toast({ title: 'Data sent successfully', description: `Your data was sent to the ${answer.webhookType} webhook.` }),
              onError: (error) => toast({ title: 'Error sending data', description: toastMessage(error, 'Failed to send data to webhook.'), variant: 'destructive' }),
            },
          );
        }}
      >
        <div className="form-field">
          <label htmlFor="webhook-type">Webhook</label>
          <select id="webhook-type" value={type} onChange={(e) => setType(e.target.value as WebhookType)}>
            {webhookTypes.map((t) => (
              <option key={t} value={t}>
                {t === 'test' ? 'Test' : 'Prod'}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={sending.isPending}>
          {sending.isPending ? 'Sending...' : 'Send to webhook'}
        </button>
      </form>
    </section>
  );
}

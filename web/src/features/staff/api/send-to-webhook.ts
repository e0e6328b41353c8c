/**
 * POST /api/staff/webhook: the spec's webhook helper (spec 000_87e5fbf87b6c3f39.txt §7 item 6) for a stored
 * submission: its data and files to the 'test' (default) or 'prod' automation webhook; answers the receiver's answer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { WebhookSendAnswer, WebhookType } from '@shared/contract/staff-console';
import { callApi } from '../../../lib/api';
import { staffKeys } from './keys';

export function sendToWebhook(input: { id: string; webhookType?: WebhookType }): Promise<WebhookSendAnswer> {
  return callApi<WebhookSendAnswer>(routes.sendToWebhook, input);
}

export function useSendToWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendToWebhook,
    onSuccess: (answer) => client.setQueryData(staffKeys.submission(answer.submission.id), answer.submission),
    // Failed: the delivery is in the log now (and will be retried): read it.
    onSettled: (_answer, _error, input) => void client.invalidateQueries({ queryKey: staffKeys.submission(input.id) }),
  });
}

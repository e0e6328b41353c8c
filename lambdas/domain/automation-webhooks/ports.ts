/** What calling the automation webhooks needs from the outside world; lambdas/adapters/http-webhook.ts implements it. */
export type WebhookType = 'test' | 'prod';

export interface WebhookResponse {
  readonly status: number;
  readonly body: unknown;
}

export interface WebhookSender {
  /**
   * POSTs JSON to the configured webhook of that type, signed; throws on a network error or a non-2xx answer.
   * `signal` cancels the call (the delivery attempt ran out of time).
   */
  post(type: WebhookType, payload: unknown, idempotencyKey: string, signal?: AbortSignal): Promise<WebhookResponse>;
}

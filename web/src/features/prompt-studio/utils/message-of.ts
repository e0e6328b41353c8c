/** What the buyer reads when a call of the studio fails. */
import { ApiError } from '../../../lib/api';

/**
 * The server's words when they say why (a refund, another browser, a limit, a field, the prompt service's failure:
 * 4xx and 502), else ours.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage && (error.status < 500 || error.status === 502)) return error.serverMessage;
  return fallback;
}

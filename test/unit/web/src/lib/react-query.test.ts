/**
 * The query client's defaults (web/src/lib/react-query.ts) are the spec's (§9: "3 retries, exponential delay capped
 * at 30 seconds, 5-minute cache lifetime"), and only failures worth asking again are retried.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../web/src/lib/api';
import { isRetryable, queryClient, queryConfig } from '../../../../../web/src/lib/react-query';

const { retry, retryDelay } = queryConfig.queries;

describe("the query client's defaults", () => {
  it('retries a retryable failure 3 times', () => {
    const down = new ApiError(503, 'down');
    expect([0, 1, 2, 3].map((failures) => retry(failures, down))).toEqual([true, true, true, false]);
  });

  it('waits 1 s, 2 s, 4 s, ... at most 30 s between attempts', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((failures) => retryDelay(failures))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('keeps a read 5 minutes, and is the app client', () => {
    expect(queryConfig.queries.gcTime).toBe(5 * 60_000);
    expect(queryClient.getDefaultOptions().queries?.gcTime).toBe(5 * 60_000);
  });

  it.each([
    [0, true],
    [408, true],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
  ])('a %i answer is retried: %s', (status, retried) => {
    expect(isRetryable(new ApiError(status, 'x'))).toBe(retried);
  });

  it('does not retry what is not an API answer (an unusable body, a bug)', () => {
    expect(isRetryable(new Error('The prompt service answered without a prompt.'))).toBe(false);
    expect(retry(0, new TypeError('x is undefined'))).toBe(false);
  });
});

/** @vitest-environment happy-dom */
/**
 * The submission hook of the demo, contact and idea forms (components/form/useSubmission): which idempotency key
 * each attempt carries, so that a plain retry stores one submission and a changed one stores a new one, and
 * what the visitor is told when it fails (the spec's failure toast; a 429 says so).
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSubmission, type SubmissionOptions } from '../../../../../../web/src/components/form/useSubmission';
import { ApiError } from '../../../../../../web/src/lib/api';
import { resetToasts, useToastStore } from '../../../../../../web/src/lib/toast';

const uploadFiles = vi.hoisted(() =>
  vi.fn<(form: string, files: readonly File[]) => Promise<string[]>>(async (_form, files) => files.map((f) => `incoming/${f.name}`)),
);
vi.mock('../../../../../../web/src/lib/uploads', () => ({ uploadFiles }));

interface Fields {
  name: string;
  message: string;
}
const fields = (over: Partial<Fields> = {}): Fields => ({ name: 'Ada', message: 'Plan our shifts', ...over });
const success = { title: 'Sent!' };

function setup(over: Partial<SubmissionOptions<Fields>> = {}) {
  const send = vi.fn<SubmissionOptions<Fields>['send']>(async () => ({ id: 'x' }));
  const onFieldError = vi.fn<SubmissionOptions<Fields>['onFieldError']>();
  const onSuccess = vi.fn<() => void>();
  const { result } = renderHook(() =>
    useSubmission<Fields>({ send, successToast: success, fieldNames: ['name', 'message'], onFieldError, onSuccess, ...over }),
  );
  const submit = async (values: Fields, files?: File[]) => {
    await act(() => result.current.submit(values, files));
  };
  const keys = () => send.mock.calls.map((c) => c[0]);
  return { send, submit, keys, onFieldError, onSuccess, result };
}

const toastTitle = () => useToastStore.getState().toasts.at(-1)?.title;

beforeEach(() => {
  resetToasts();
  uploadFiles.mockClear();
});
afterEach(() => {
  cleanup();
  resetToasts();
});

describe('useSubmission', () => {
  it('a plain retry after a failure sends the same key', async () => {
    const { send, submit, keys } = setup();
    send.mockRejectedValueOnce(new ApiError(503, 'Service Unavailable'));
    await submit(fields());
    expect(toastTitle()).toBe('Something went wrong');
    await submit(fields());
    expect(toastTitle()).toBe('Sent!');
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);
  });

  it('a network failure is retried with the same key too', async () => {
    const { send, submit, keys } = setup();
    send.mockRejectedValueOnce(new ApiError(0, 'Could not reach the server.'));
    await submit(fields());
    await submit(fields());
    expect(new Set(keys()).size).toBe(1);
  });

  it('an edit after a failure makes a new key', async () => {
    const { send, submit, keys } = setup();
    send.mockRejectedValue(new ApiError(503, 'Service Unavailable'));
    await submit(fields());
    await submit(fields({ message: 'Plan our shifts and holidays' }));
    await submit(fields({ message: 'Plan our shifts and holidays' }));
    expect(keys()[1]).not.toBe(keys()[0]);
    expect(keys()[2]).toBe(keys()[1]);
  });

  it('other files after a failure make a new key; the same files are not uploaded again', async () => {
    const { send, submit, keys } = setup({ uploads: 'idea' });
    send.mockRejectedValueOnce(new ApiError(503, 'Service Unavailable')).mockRejectedValueOnce(new ApiError(503, 'Service Unavailable'));
    const plan = new File(['%PDF-1.7'], 'plan.pdf', { type: 'application/pdf' });
    const users = new File(['a,b'], 'users.csv', { type: 'text/csv' });
    await submit(fields(), [plan]);
    await submit(fields(), [plan]);
    expect(uploadFiles).toHaveBeenCalledTimes(1);
    expect(keys()[1]).toBe(keys()[0]);
    await submit(fields(), [plan, users]);
    expect(uploadFiles).toHaveBeenCalledTimes(2);
    expect(keys()[2]).not.toBe(keys()[0]);
    expect(send.mock.calls[2]?.[2]).toEqual(['incoming/plan.pdf', 'incoming/users.csv']);
  });

  it('after a success the same values make a new submission with a new key', async () => {
    const { submit, keys, onSuccess } = setup();
    await submit(fields());
    await submit(fields());
    expect(onSuccess).toHaveBeenCalledTimes(2);
    expect(keys()[1]).not.toBe(keys()[0]);
  });

  it('a 429 says so instead of the generic failure, and the key is kept for the retry', async () => {
    const { send, submit, keys, onSuccess, result } = setup();
    send.mockRejectedValueOnce(new ApiError(429, 'Too many requests'));
    await submit(fields());
    expect(toastTitle()).toBe('Too many requests, try again in a moment.');
    expect(useToastStore.getState().toasts.at(-1)?.variant).toBe('destructive');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(result.current.submitting).toBe(false);
    await submit(fields());
    expect(keys()[1]).toBe(keys()[0]);
  });

  it("a 400 shows the server's messages at their fields and the files' message at the picker", async () => {
    const onFilesError = vi.fn<(message: string) => void>();
    const { send, submit, onFieldError } = setup({ onFilesError });
    send.mockRejectedValueOnce(new ApiError(400, 'Invalid', { name: ['Name must be at least 2 characters.'], files: ['Unknown upload.'], other: ['x'] }));
    await submit(fields());
    expect(onFieldError.mock.calls).toEqual([['name', 'Name must be at least 2 characters.']]);
    expect(onFilesError).toHaveBeenCalledWith('Unknown upload.');
    expect(toastTitle()).toBe('Something went wrong');
  });
});

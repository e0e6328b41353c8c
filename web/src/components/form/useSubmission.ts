/**
 * Sending one form submission (the demo dialog, the contact form, the Idea Hub; spec 000_87e5fbf87b6c3f39.txt §4 and 8): idle,
 * then submitting (with each file's upload progress), then success (the form's toast; the form resets itself
 * in `onSuccess`) or failure (the destructive toast, the visitor's input kept, the server's per-field messages
 * shown at their fields; a 429 says so rather than the generic failure).
 *
 * Idempotency: every attempt carries an id as its idempotency key, which the server keeps as the submission's
 * id. A plain retry (the same values and files after a failure) sends the same id again, so a request that did
 * reach the server stores one submission, not two; anything changed makes a new submission with a new id, and
 * so does sending again after a success. Files already uploaded for the same selection are not uploaded again.
 */
import { useRef, useState } from 'react';
import type { UploadForm } from '@shared/contract/upload-rules';
import { ApiError } from '../../lib/api';
import { toast, type ToastInput } from '../../lib/toast';
import { uploadFiles } from '../../lib/uploads';

/** The failure toast of every form that sends a submission (spec 000_87e5fbf87b6c3f39.txt §8: demo, contact and idea forms). */
const submissionFailedToast = {
  title: 'Something went wrong',
  description: 'Please try again later.',
  variant: 'destructive',
} as const satisfies ToastInput;

/**
 * When the API throttles a burst of submissions (429): the spec gives no text for it, so ours says what happened
 * and that a retry in a moment will do, rather than the generic failure.
 */
const tooManyRequestsToast = {
  title: 'Too many requests, try again in a moment.',
  variant: 'destructive',
} as const satisfies ToastInput;

/**
 * The id of one submission attempt, sent as its idempotency key (the server keeps it as the submission's id): a
 * request the network repeats, or a retry of the same attempt, stores one submission.
 */
function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers: an RFC 4122 version-4 UUID from random bytes.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface SubmissionOptions<Fields> {
  /** Sends one attempt: its idempotency key, the validated fields and the keys of the uploaded files. */
  readonly send: (submissionId: string, fields: Fields, fileKeys: string[]) => Promise<unknown>;
  readonly successToast: ToastInput;
  /** Whose upload rules the files go through; forms without files leave it out. */
  readonly uploads?: UploadForm;
  /** The form's fields: a 400's message for one of these is shown at it. */
  readonly fieldNames: readonly string[];
  readonly onFieldError: (name: string, message: string) => void;
  /** A 400's message about the files (the picker shows it). */
  readonly onFilesError?: (message: string) => void;
  /** After the success toast: reset the form, close the dialog; `answer` is what the server answered. */
  readonly onSuccess?: (answer: unknown) => void;
}

export interface Submission<Fields> {
  readonly submitting: boolean;
  /** Upload progress per file (0..1) while the files are sent; undefined otherwise. */
  readonly progress: number[] | undefined;
  readonly submit: (fields: Fields, files?: readonly File[]) => Promise<void>;
}

// Files compared by identity: the same picked File objects, not merely files of the same name.
const fileIds = new WeakMap<File, number>();
let nextFileId = 1;
function fileId(file: File): number {
  let id = fileIds.get(file);
  if (id === undefined) {
    id = nextFileId++;
    fileIds.set(file, id);
  }
  return id;
}

/** What makes two attempts the same submission: the values sent and the files chosen. */
function fingerprint(fields: unknown, files: readonly File[]): string {
  return JSON.stringify([fields, files.map(fileId)]);
}

const sameFiles = (a: readonly File[], b: readonly File[]) => a.length === b.length && a.every((f, i) => f === b[i]);

export function useSubmission<Fields>(options: SubmissionOptions<Fields>): Submission<Fields> {
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number[] | undefined>();
  // The current attempt, kept while the visitor retries it unchanged.
  const attempt = useRef<{ id: string; fingerprint: string } | null>(null);
  // Files already uploaded for the current selection, so a retry does not upload them again.
  const uploaded = useRef<{ files: readonly File[]; keys: string[] } | null>(null);
  // A second submit while one is running (a double click before the button is disabled) is ignored.
  const running = useRef(false);

  async function fileKeys(files: readonly File[]): Promise<string[]> {
    if (files.length === 0 || !options.uploads) return [];
    if (uploaded.current && sameFiles(uploaded.current.files, files)) return uploaded.current.keys;
    setProgress(files.map(() => 0));
    const keys = await uploadFiles(options.uploads, files, setProgress);
    uploaded.current = { files, keys };
    return keys;
  }

  async function submit(fields: Fields, files: readonly File[] = []): Promise<void> {
    if (running.current) return;
    running.current = true;
    const print = fingerprint(fields, files);
    if (attempt.current?.fingerprint !== print) attempt.current = { id: newSubmissionId(), fingerprint: print };
    const { id } = attempt.current;
    setSubmitting(true);
    try {
      const answer = await options.send(id, fields, await fileKeys(files));
      attempt.current = null;
      uploaded.current = null;
      toast(options.successToast);
      options.onSuccess?.(answer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        for (const name of options.fieldNames) {
          const message = error.fieldErrors[name]?.[0];
          if (message) options.onFieldError(name, message);
        }
        const filesMessage = error.fieldErrors.files?.[0];
        if (filesMessage) {
          uploaded.current = null;
          options.onFilesError?.(filesMessage);
        }
      }
      toast(error instanceof ApiError && error.status === 429 ? tooManyRequestsToast : submissionFailedToast);
    } finally {
      running.current = false;
      setSubmitting(false);
      setProgress(undefined);
    }
  }

  return { submitting, progress, submit };
}

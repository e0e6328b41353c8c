/**
 * POST /api/uploads against the bad-input table (see table.ts). The route stores nothing itself; what a refusal
 * must not leave behind is a presigned POST (a place in the bucket to write to).
 */
import { routes } from '@shared/deployment/manifest';
import { apiMessages, badInputTable, jsonBodyCases, textFieldCases, type BadCase } from './table';

const route = routes.createUploads;
const file = { name: 'brief.pdf', type: 'application/pdf', size: 1000 };
const valid = { form: 'demoRequest', files: [file] };
const refused = (name: string, body: unknown, fieldMessage?: string, field = 'files'): BadCase => ({
  name,
  body,
  status: 400,
  message: apiMessages.fields,
  field,
  fieldMessage,
});
const withFile = (changes: Record<string, unknown>) => ({ ...valid, files: [{ ...file, ...changes }] });

badInputTable(
  { route, leftBehind: async (_id, _c, answer) => (answer.status >= 400 ? answer.body.uploads : undefined) },
  [
    ...jsonBodyCases(route, valid, { unknownKeys: 'ignored', ignoredAnswer: { status: 200 } }),
    ...textFieldCases(route, {
      field: 'files',
      label: 'File name',
      // A string gets an extension the form takes, so only the characters are at stake.
      set: (name) => withFile({ name: typeof name === 'string' ? `${name}.pdf` : name }),
      max: 200,
      message: 'A file name is required.',
      maxMessage: 'File names must be at most 200 characters.',
      tagsAnswer: { status: 200 },
    }),
    refused('an unknown form', { ...valid, form: 'payment' }, 'Unknown form.', 'form'),
    refused('the form as a number', { ...valid, form: 1 }, 'Unknown form.', 'form'),
    refused('no files', { ...valid, files: [] }, 'Choose at least one file.'),
    refused('files as an object', { ...valid, files: file }),
    refused('six files', { ...valid, files: Array.from({ length: 6 }, (_, i) => ({ ...file, name: `f${i}.pdf` })) }),
    refused('an empty file', withFile({ size: 0 }), 'Empty files cannot be uploaded.'),
    refused('a negative size', withFile({ size: -1 }), 'Empty files cannot be uploaded.'),
    refused('a fractional size', withFile({ size: 1.5 })),
    refused('the size as a string', withFile({ size: '1000' })),
    refused('a size over the limit', withFile({ size: 11 * 1024 * 1024 })),
    refused('a size of 1e300', withFile({ size: 1e300 })),
    refused('an executable', withFile({ name: 'setup.exe', type: 'application/x-msdownload' })),
    refused('a type that does not match the name', withFile({ type: 'image/png' })),
    refused('a huge type', withFile({ type: 'x'.repeat(1000) })),
    refused('a file name of spaces', withFile({ name: '   ' }), 'A file name is required.'),
  ],
);

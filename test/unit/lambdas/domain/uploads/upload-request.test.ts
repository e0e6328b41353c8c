/** Planning the presigned uploads of a form's files. */
import { describe, expect, it } from 'vitest';
import { planUploads } from '../../../../../lambdas/domain/uploads/upload-request';
import { uploadKeyPattern, uploadRequestSchema } from '@shared/contract/uploads';

describe('upload plans', () => {
  it('gives each file a random prefix and a safe name that the forms accept back', () => {
    let n = 0;
    const ids = ['0f8fad5b-d9cb-469f-a165-708677289501', '0f8fad5b-d9cb-469f-a165-708677289502'];
    const request = uploadRequestSchema.parse({
      form: 'demoRequest',
      files: [
        { name: 'Q3 <deck>/../../x.PDF', type: 'application/pdf', size: 1000 },
        { name: 'notes.csv', type: '', size: 10 },
      ],
    });
    const plan = planUploads(request, () => ids[n++]!);
    expect(plan).toEqual([
      { key: `incoming/${ids[0]}/Q3 _deck_.._.._x.pdf`, contentType: 'application/pdf', maxBytes: 10 * 1024 * 1024 },
      { key: `incoming/${ids[1]}/notes.csv`, contentType: 'text/csv', maxBytes: 10 * 1024 * 1024 },
    ]);
    for (const p of plan) expect(p.key).toMatch(uploadKeyPattern);
  });
});

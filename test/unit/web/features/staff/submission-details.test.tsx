/**
 * @vitest-environment happy-dom
 *
 * One submission's fields as the visitor sent them, safely rendered: markup (from records stored before the forms
 * refused tags, or anything else) shows as the characters it is and never becomes an element; line breaks stay.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SubmissionView } from '@shared/contract/staff-console';
import { SubmissionDetails } from '../../../../../web/src/features/staff/components/SubmissionDetails';

afterEach(cleanup);

const submission: SubmissionView = {
  id: '33333333-3333-4333-8333-333333333333',
  reference: '261122-333333',
  kind: 'demoRequest',
  receivedAt: '2026-11-22T10:00:00.000Z',
  status: 'new',
  fields: [
    { label: 'Name', value: '<img src=x onerror="window.hacked=1">' },
    { label: 'Message', value: 'line 1\n<script>window.hacked=2</script>' },
  ],
  files: [{ name: '"><b>brief</b>.pdf', type: 'application/pdf', size: 2048, url: 'https://files.example/brief.pdf?signed' }],
  deliveries: [],
  history: [],
};

describe('SubmissionDetails', () => {
  it('shows markup as text, never as elements', () => {
    const { container } = render(<SubmissionDetails submission={submission} />);
    expect(screen.getByText('<img src=x onerror="window.hacked=1">')).toBeTruthy();
    expect(container.querySelector('img, script, b')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(screen.getByText(/line 1/).textContent).toBe('line 1\n<script>window.hacked=2</script>');
  });

  it('links each file to its short-lived download', () => {
    render(<SubmissionDetails submission={submission} />);
    const link = screen.getByRole('link', { name: '"><b>brief</b>.pdf' });
    expect(link.getAttribute('href')).toBe('https://files.example/brief.pdf?signed');
    expect(screen.getByText(/2\.0 KB; the link works for 5 minutes/)).toBeTruthy();
  });
});

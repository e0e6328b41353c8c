import { describe, expect, it } from 'vitest';
import type { SubmissionRecord } from '../../../../../lambdas/domain/submissions/record';
import { contactMessageMail } from '../../../../../lambdas/domain/submissions/kinds/contact-message';
import { demoRequestMail } from '../../../../../lambdas/domain/submissions/kinds/demo-request';
import { escapeHtml, headerText, renderSupportMail } from '../../../../../lambdas/domain/submissions/support-mail';
import { contactMessage, demoRequest, submissionRecord } from '../../../../helpers/records';

const to = ['sales@cadence-ai.example', 'support@cadence-ai.example'];

const record = <D>(kind: SubmissionRecord['kind'], data: D) => submissionRecord({ kind, data });

/** A demo request whose company and message need escaping, with labelled choices. */
const demo = demoRequest({
  company: 'Acme & Sons',
  interests: ['sdr', 'social'],
  message: 'Line one\nLine two with <b>bold</b> & "quotes"',
  preferredTime: 'evening',
});

describe('support mail rendering', () => {
  it('escapes every HTML special character', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;');
  });

  it('never lets a visitor value break out of the HTML', () => {
    const { html, text } = renderSupportMail({
      heading: 'New <thing>',
      fields: [
        ['Name', '<img src=x onerror=alert(1)>'],
        ['Message', 'a\n<script>steal()</script>'],
      ],
      files: { attachments: [], links: [{ name: '"><script>x</script>.pdf', url: 'javascript:alert(1)', size: 9_000_000 }] },
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('a<br>&lt;script&gt;steal()&lt;/script&gt;');
    // The text part shows what was typed, as text.
    expect(text).toContain('Name: <img src=x onerror=alert(1)>');
  });

  it('lists attached files and links the ones too large to attach', () => {
    const { html, text } = renderSupportMail({
      heading: 'New demo request',
      fields: [['Name', 'Ann']],
      files: {
        attachments: [{ name: 'brief.pdf', type: 'application/pdf', content: new Uint8Array(2048) }],
        links: [{ name: 'big deck.pptx', url: 'https://bucket.example/attachments/x/2-big%20deck.pptx?X-Amz-Signature=abc&X-Amz-Expires=604800', size: 9 * 1024 * 1024 }],
      },
    });
    expect(text).toContain('brief.pdf (2.0 KB, attached)');
    expect(text).toContain('big deck.pptx (9.0 MB, too large to attach; link valid 7 days): https://bucket.example/');
    expect(html).toContain('<a href="https://bucket.example/attachments/x/2-big%20deck.pptx?X-Amz-Signature=abc&amp;X-Amz-Expires=604800">big deck.pptx</a>');
  });

  it('keeps header values on one line', () => {
    expect(headerText('Ann\r\nBcc: victim@example.com')).toBe('Ann Bcc: victim@example.com');
    expect(headerText('a\u2028b\tc\u0000d')).toBe('a b c d');
    expect(headerText('x'.repeat(500))).toHaveLength(200);
  });
});

describe('the demo request mail', () => {
  it('names the form and the sender, carries every field, and replies to the visitor', () => {
    const mail = demoRequestMail(record('demoRequest', demo), { attachments: [], links: [] }, to);
    expect(mail.to).toEqual(to);
    expect(mail.replyTo).toBe(demo.email);
    expect(mail.subject).toBe(`Demo request from ${demo.name} (Acme & Sons)`);
    for (const value of [demo.name, demo.email, demo.phone, 'Acme & Sons', demo.jobTitle, demo.teamSize, 'SDR/Lead Qualification, Social Media Management', 'Evening (6 PM - 9 PM EST)', 'Line two with <b>bold</b>', 'Accepted the terms: Yes']) {
      expect(mail.text).toContain(value);
    }
    expect(mail.html).toContain('Acme &amp; Sons');
    expect(mail.html).toContain('Line one<br>Line two with &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot;');
  });

  it('strips header injection from the subject even if a value slipped past the schema', () => {
    const mail = demoRequestMail(record('demoRequest', { ...demo, name: 'Ann\r\nBcc: victim@example.com', company: 'X\nY' }), { attachments: [], links: [] }, to);
    expect(mail.subject).toBe('Demo request from Ann Bcc: victim@example.com (X Y)');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('attaches the files that fit', () => {
    const content = new TextEncoder().encode('hello');
    const mail = demoRequestMail(record('demoRequest', demo), { attachments: [{ name: 'notes.txt', type: 'text/plain', content }], links: [] }, to);
    expect(mail.attachments).toEqual([{ name: 'notes.txt', type: 'text/plain', content }]);
    expect(mail.text).toContain('notes.txt (5 B, attached)');
  });
});

describe('the contact message mail', () => {
  const contact = contactMessage({ industry: 'manufacturing', teamSize: '201-500', newsletter: false });

  it('names the form, the sender and the subject, and carries every field', () => {
    const mail = contactMessageMail(record('contactMessage', contact), to);
    expect(mail).toMatchObject({ to, replyTo: contact.email, subject: `Contact message from ${contact.name}: ${contact.subject}`, attachments: [] });
    for (const value of [contact.name, contact.email, contact.phone, contact.company, 'Industry: Manufacturing', 'Team size: 201-500', `Subject: ${contact.subject}`, contact.message, 'Newsletter: No']) {
      expect(mail.text).toContain(value);
    }
  });

  it('keeps an injected subject on one line', () => {
    const mail = contactMessageMail(record('contactMessage', { ...contact, subject: 'Hi\r\nBcc: victim@example.com\r\n\r\nbody' }), to);
    expect(mail.subject).toBe(`Contact message from ${contact.name}: Hi Bcc: victim@example.com body`);
  });
});

/**
 * /staff/submission?id=...: one submission, whole: every field as the visitor sent it, the files, working the lead
 * (status, note, a reply recorded) and whether it is answered, the delivery log with "Send again", "Send to webhook", and the audit trail.
 */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { pages } from '@shared/content/site';
import { submissionIdField } from '@shared/contract/schemas/staff-console';
import { ANSWER_PROMISE_HOURS, hoursSince, leadAnswer } from '@shared/contract/lead-answer';
import { kindLabel, statusLabel, type SubmissionView } from '@shared/contract/staff-console';
import { toastMessage } from '../../../lib/api';
import { useStaffSubmission } from '../api/get-submission';
import { AuditTrail } from '../components/AuditTrail';
import { BookingPanel } from '../components/BookingPanel';
import { DeliveryLog } from '../components/DeliveryLog';
import { StaffNav } from '../components/StaffNav';
import { SubmissionDetails } from '../components/SubmissionDetails';
import { WebhookSender } from '../components/WebhookSender';
import { WorkForm } from '../components/WorkForm';
import { formatTime } from '../utils/format';
import '../staff.css';

/** Whether the visitor has had their answer (shared/contract/lead-answer.ts), as the lead's header says it. */
function AnswerState({ submission, now }: { submission: SubmissionView; now: number }) {
  const answer = leadAnswer(submission);
  if (answer) {
    return (
      <strong>
        Answered
        {answer.at ? (
          <>
            {' '}
            <time dateTime={answer.at}>{formatTime(answer.at)}</time>
          </>
        ) : null}
        {answer.by ? ` by ${answer.by}` : ''}
      </strong>
    );
  }
  if (submission.status === 'spam') return <>Not answered (spam)</>;
  const hours = Math.floor(hoursSince(submission.receivedAt, new Date(now)));
  return (
    <strong>
      Not answered yet ({hours} {hours === 1 ? 'hour' : 'hours'} since it arrived{hours >= ANSWER_PROMISE_HOURS ? `: overdue, a reply was promised within ${ANSWER_PROMISE_HOURS} hours` : ''})
    </strong>
  );
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="container page staff-page">
      <StaffNav />
      <p>
        <Link to={pages.staffInbox.path}>Back to the inbox</Link>
      </p>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

export function SubmissionPage() {
  const [params] = useSearchParams();
  const parsed = submissionIdField.safeParse(params.get('id') ?? '');
  if (!parsed.success) {
    return (
      <Frame title="Submission not found">
        <p>This address names no submission.</p>
      </Frame>
    );
  }
  return <LoadedSubmission id={parsed.data} />;
}

function LoadedSubmission({ id }: { id: string }) {
  const query = useStaffSubmission(id);
  if (query.isPending) {
    return (
      <Frame title="Submission">
        <output>Loading...</output>
      </Frame>
    );
  }
  if (query.isError) {
    return (
      <Frame title="Submission not found">
        <p>{toastMessage(query.error, 'The submission could not be loaded. Please try again.')}</p>
      </Frame>
    );
  }
  const s = query.data;
  return (
    <Frame title={`${kindLabel(s.kind)} ${s.reference}`}>
      <p className="staff-summary">
        Received <time dateTime={s.receivedAt}>{formatTime(s.receivedAt)}</time> · Status <strong>{statusLabel(s.status)}</strong> · <AnswerState submission={s} now={query.dataUpdatedAt} />
        {s.expiresAt ? (
          <>
            {' '}
            · Deleted <time dateTime={s.expiresAt}>{formatTime(s.expiresAt)}</time> (retention)
          </>
        ) : null}
      </p>
      <div className="staff-columns">
        <div>
          <SubmissionDetails submission={s} />
        </div>
        <div>
          {/* Keyed by status: after a save elsewhere (another tab) the form starts from the new status. */}
          <WorkForm key={s.status} id={s.id} status={s.status} />
          <AuditTrail history={s.history} />
        </div>
      </div>
      {s.kind === 'demoRequest' ? <BookingPanel id={s.id} /> : null}
      <DeliveryLog submission={s} />
      <WebhookSender id={s.id} />
    </Frame>
  );
}

/**
 * What the site holds under one e-mail address, and the two things staff do with it: export it as one JSON file,
 * and erase it (the address typed again to confirm). After an erasure, what was erased and what must still be
 * deleted by hand elsewhere. Purchases are bookkeeping records: the erasure keeps them without the e-mail, and
 * their sale notices too (kept, so that a replayed Stripe event is not stored and mailed again).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { personErasureSchema } from '@shared/contract/schemas/staff-console';
import { formatAmount } from '@shared/content/money';
import { kindLabel, saleNoticeHeadings, type ErasureAnswer, type PersonView } from '@shared/contract/staff-console';
import { toastMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useErasePerson } from '../api/erase-person';
import { useExportPerson } from '../api/export-person';
import { startDownload } from '../utils/download';
import { formatTime } from '../utils/format';

export function PersonPanel({ person, onErased }: { person: PersonView; onErased: (answer: ErasureAnswer) => void }) {
  const exporting = useExportPerson();
  const erasing = useErasePerson();
  const [confirm, setConfirm] = useState('');
  const [confirmError, setConfirmError] = useState<string | undefined>();
  const holdsAnything =
    person.submissions.length > 0 || person.account !== undefined || person.profile !== undefined || person.purchases.length > 0 || person.notices.length > 0;

  return (
    <>
      <section className="staff-section" aria-labelledby="held-title">
        <h2 id="held-title">What we hold for {person.email}</h2>
        {!holdsAnything ? <p>Nothing: no submission, account, profile or purchase uses this address.</p> : null}
        {person.submissions.length > 0 ? (
          <>
            <h3>
              {person.submissions.length} {person.submissions.length === 1 ? 'submission' : 'submissions'}, {person.attachments} {person.attachments === 1 ? 'file' : 'files'}
            </h3>
            <ul className="staff-list">
              {person.submissions.map((s) => (
                <li key={s.id}>
                  <Link to={`/staff/submission?id=${encodeURIComponent(s.id)}`}>
                    {kindLabel(s.kind)} {s.reference}
                  </Link>{' '}
                  <span className="staff-muted">
                    received {formatTime(s.receivedAt)}
                    {s.files > 0 ? `, ${s.files} ${s.files === 1 ? 'file' : 'files'}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {person.account ? (
          <p>
            Account {person.account.username ? `“${person.account.username}” ` : ''}
            {person.account.confirmed ? '(confirmed)' : '(not confirmed)'}
            {person.account.createdAt ? `, created ${formatTime(person.account.createdAt)}` : ''}.
          </p>
        ) : null}
        {person.profile ? <p>Profile: username “{person.profile.username}”, member since {formatTime(person.profile.created_at)}.</p> : null}
        {person.purchases.length > 0 ? (
          <>
            <h3>
              {person.purchases.length} {person.purchases.length === 1 ? 'purchase' : 'purchases'} (kept for bookkeeping, e-mail removed on erasure)
            </h3>
            <ul className="staff-list">
              {person.purchases.map((p) => (
                <li key={p.sessionId}>
                  {p.appName}
                  {p.amountTotal === null ? '' : `, ${formatAmount(p.amountTotal, p.currency)}`}{' '}
                  <span className="staff-muted">
                    bought {formatTime(p.purchasedAt)}
                    {p.status === 'refunded' ? ', refunded' : ''}, Stripe session <span className="staff-break">{p.sessionId}</span>
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {person.notices.length > 0 ? (
          <>
            <h3>
              {person.notices.length} {person.notices.length === 1 ? 'sale notice' : 'sale notices'} mailed to the staff (kept, e-mail removed on erasure)
            </h3>
            <ul className="staff-list">
              {person.notices.map((n) => (
                <li key={n.id}>
                  {saleNoticeHeadings[n.event]}: {n.appName}{' '}
                  <span className="staff-muted">
                    {formatTime(n.occurredAt)}
                    {n.erasedAt ? `, e-mail removed ${formatTime(n.erasedAt)}` : ''}, notice <span className="staff-break">{n.id}</span>
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      {holdsAnything ? (
        <section className="staff-section" aria-labelledby="export-title">
          <h2 id="export-title">Export</h2>
          <p>All of it as one JSON file, files included, to send to the person.</p>
          <button
            type="button"
            className="button button-secondary"
            disabled={exporting.isPending}
            onClick={() =>
              exporting.mutate(person.email, {
                onSuccess: (answer) => {
                  startDownload(answer.url, answer.fileName);
                  toast({ title: 'Export ready', description: answer.fileName });
                },
                onError: (error) => toast({ title: 'Export failed', description: toastMessage(error, 'Please try again.'), variant: 'destructive' }),
              })
            }
          >
            {exporting.isPending ? 'Exporting...' : 'Export as JSON'}
          </button>
          {exporting.data ? (
            <p>
              <a href={exporting.data.url} download={exporting.data.fileName}>
                Download {exporting.data.fileName}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}

      {holdsAnything ? (
        <section className="staff-section staff-danger" aria-labelledby="erase-title">
          <h2 id="erase-title">Erase</h2>
          <p>
            Deletes the submissions and their files, the account and its profile, and every export file (export first if the person asked for a copy).
            Purchases are kept for the bookkeeping with the e-mail address removed, and so are their sale notices (kept so that Stripe resending an
            event does not mail the staff again). This cannot be undone; an audit entry records that it happened, without the data.
          </p>
          <form
            className="staff-inline-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const parsed = personErasureSchema.safeParse({ email: person.email, confirm });
              if (!parsed.success) {
                setConfirmError(parsed.error.issues[0]?.message);
                return;
              }
              setConfirmError(undefined);
              erasing.mutate(parsed.data, {
                onSuccess: (answer) => {
                  toast({ title: 'Erased', description: `Everything held for ${person.email} was erased.` });
                  onErased(answer);
                },
                onError: (error) => toast({ title: 'Erasure not finished', description: toastMessage(error, 'Please try again.'), variant: 'destructive' }),
              });
            }}
          >
            <div className="form-field">
              <label htmlFor="erase-confirm">Type the e-mail address again to confirm</label>
              <input
                id="erase-confirm"
                type="email"
                autoComplete="off"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
                aria-invalid={confirmError ? true : undefined}
                aria-describedby={confirmError ? 'erase-confirm-error' : undefined}
              />
              {confirmError ? (
                <p id="erase-confirm-error" className="form-error">
                  {confirmError}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button button-danger" disabled={erasing.isPending}>
              {erasing.isPending ? 'Erasing...' : 'Erase everything'}
            </button>
          </form>
        </section>
      ) : null}
    </>
  );
}

export function ErasureReport({ email, answer }: { email: string; answer: ErasureAnswer }) {
  const e = answer.erased;
  return (
    <section className="staff-section" aria-labelledby="erased-title">
      <h2 id="erased-title">Erased: {email}</h2>
      <output className="staff-report">
        {e.submissions} {e.submissions === 1 ? 'submission' : 'submissions'}, {e.attachments} {e.attachments === 1 ? 'file' : 'files'}
        {e.account ? ', the account' : ''}
        {e.profile ? ' and its profile' : ''}, and {e.exportFiles} export {e.exportFiles === 1 ? 'file' : 'files'} erased
        {e.purchasesPseudonymised > 0
          ? `; ${e.purchasesPseudonymised} ${e.purchasesPseudonymised === 1 ? 'purchase' : 'purchases'} kept for bookkeeping with the e-mail removed`
          : ''}
        {e.noticesPseudonymised > 0 ? `; ${e.noticesPseudonymised} sale ${e.noticesPseudonymised === 1 ? 'notice' : 'notices'} kept with the e-mail removed` : ''}
        {e.promptStudioItems > 0 ? `; ${e.promptStudioItems} prompt studio ${e.promptStudioItems === 1 ? 'item' : 'items'} (answers and prompt versions) deleted` : ''}
        . Audit entry {answer.erasureId}.
      </output>
      <h3>Still to delete by hand</h3>
      <ul className="staff-list">
        {answer.elsewhere.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </section>
  );
}

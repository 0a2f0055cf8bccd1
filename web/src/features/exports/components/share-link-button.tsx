import { defaultShareLinkDays, shareLinkDays, type ReportShareLink, type ShareLinkDays } from '@serpwise/contracts';
import { useRef, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : null);

const stateWords: Record<ReportShareLink['state'], string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };

/** The link just made, with Copy: shown once, since the server keeps only the token's hash. */
function NewLink({ link }: { link: ReportShareLink }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'by-hand' | null>(null);
  const copy = async () => {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(link.url!);
      setCopied('yes');
    } catch {
      setCopied('by-hand');
    }
  };
  return (
    <div className="share-link__new" data-testid="share-link-new">
      <label className="share-link__label" htmlFor="share-link-url">
        Your link (works until {when(link.expiresAt)})
      </label>
      <div className="share-link__copy">
        <input id="share-link-url" ref={input} className="input" readOnly value={link.url!} onFocus={(event) => event.currentTarget.select()} data-testid="share-link-url" />
        <button type="button" className="button button--primary" onClick={copy}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="muted">
        {copied === 'by-hand' ? 'Press Ctrl+C (⌘C) to copy the selected link. ' : ''}
        Copy it now: for safety the link is shown only once. Anyone with it can read this report, without an account, until it expires or you revoke it.
      </p>
    </div>
  );
}

function LinkList({ jobId }: { jobId: string }) {
  const links = useShareLinks(jobId);
  const revoke = useRevokeShareLink(jobId);
  if (links.isPending) return <Spinner />;
  if (links.error) return <p role="alert">{errorsOf(links.error).join(' ')}</p>;
  if (!links.data.length) return <p className="muted">This report has no share links yet.</p>;
  return (
    <>
      <table className="data-table share-link__list">
        <thead>
          <tr>
            <th scope="col">Made</th>
            <th scope="col">Expires</th>
            <th scope="col">Status</th>
            <th scope="col">Opened</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links.data.map((link) => (
            <tr key={link.id} data-testid="share-link" data-state={link.state}>
              <td>{when(link.createdAt)}</td>
              <td>{when(link.expiresAt)}</td>
              <td>{link.state === 'revoked' ? `Revoked ${when(link.revokedAt)}` : stateWords[link.state]}</td>
              <td>{link.openCount === 0 ? 'Not yet' : `${link.openCount} ${link.openCount === 1 ? 'time' : 'times'}, last ${when(link.lastOpenedAt)}`}</td>
              <td>
                {link.state === 'active' && (
                  <button type="button" className="button button--small button--ghost" disabled={revoke.isPending} onClick={() => revoke.mutate(link.id)}>
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {revoke.error && <p role="alert">{errorsOf(revoke.error).join(' ')}</p>}
    </>
  );
}

/**
 * "Share link" on a finished report (the job center, a schedule's delivery history; issue 22 point 5): a read-only web
 * view of the report for clients who want no attachment. Choose how long it works (7, 30 or 90 days), copy the link
 * made, and see or revoke the report's links.
 */
export function ShareLinkButton({ jobId, title }: { jobId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<ShareLinkDays>(defaultShareLinkDays);
  const create = useCreateShareLink(jobId);
  const close = () => {
    setOpen(false);
    create.reset();
  };
  return (
    <>
      <button type="button" className="button button--small" onClick={() => setOpen(true)} data-testid="share-link-button">
        Share link
      </button>
      <Modal open={open} title={`Share "${title}"`} onClose={close} footer={<button type="button" className="button" onClick={close}>Close</button>}>
        <div className="share-link">
          <p>A read-only web page of this report, in its brand, with its PDF to download. No login is needed to open it.</p>
          <div className="share-link__make">
            <label htmlFor="share-link-days">Link works for</label>
            <select id="share-link-days" className="input" value={days} onChange={(event) => setDays(Number(event.target.value) as ShareLinkDays)} data-testid="share-link-days">
              {shareLinkDays.map((choice) => (
                <option key={choice} value={choice}>
                  {choice} days
                </option>
              ))}
            </select>
            <button type="button" className="button button--primary" disabled={create.isPending} onClick={() => create.mutate(days)} data-testid="share-link-create">
              Create link
            </button>
          </div>
          {create.error && <p role="alert">{errorsOf(create.error).join(' ')}</p>}
          {create.data && <NewLink link={create.data} />}
          <h3 className="share-link__heading">Links of this report</h3>
          <LinkList jobId={jobId} />
        </div>
      </Modal>
    </>
  );
}

import { accountMessages, accountSettingsMessages, parseRequestedKeywords, toQuestionForm, type RequestedKeywordStatus } from '@serpwise/contracts';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, Outlet, useNavigate, useOutletContext } from 'react-router';
import { FormMessages } from '@/components/form/form-messages';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { errorsOf } from '@/lib/api-client';
import { TextareaWithCounter } from '@/components/form/textarea-with-counter';
import { WizardSteps } from '@/components/form/wizard-steps';
import { useAddRequestedKeywords } from '../api/add-requested-keywords';
import { useRequestedKeywords, useRequestedKeywordsLive } from '../api/get-requested-keywords';
import { SubmitActions } from '@/components/form/submit-actions';

const base = '/account/requestkeywords';
const stepLabels = ['Enter keywords', 'Review', 'Status'];
const statusLabels: Record<RequestedKeywordStatus, string> = { queued: 'Queued', processing: 'Processing', ready: 'Ready', failed: 'Failed' };

/** How many of the requested keywords are in each status. */
const statusColumns: SimpleColumn<{ status: RequestedKeywordStatus; count: number }>[] = [
  { header: 'Status', cell: (entry) => statusLabels[entry.status] },
  { header: 'Keywords', cell: (entry) => entry.count.toLocaleString('en-US'), className: 'numeric' },
];

interface RequestDraft {
  text: string;
  setText: (text: string) => void;
  submitted: boolean;
  setSubmitted: (submitted: boolean) => void;
}

const useDraft = () => useOutletContext<RequestDraft>();

/** /account/requestkeywords: the three steps share the typed keywords. */
export function RequestKeywordsFlow() {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  return (
    <section className="page request-keywords">
      <h1>Request keywords</h1>
      <p className="lead">Missing a keyword? Ask us to add it to the database; we will tell you when its data is ready.</p>
      <Outlet context={{ text, setText, submitted, setSubmitted } satisfies RequestDraft} />
    </section>
  );
}

export function RequestKeywordsStep1() {
  const { text, setText } = useDraft();
  const navigate = useNavigate();
  const [touched, setTouched] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const empty = parseRequestedKeywords(text).length === 0;
  const error = touched && empty ? accountSettingsMessages.requestedKeywordsEmpty : null;

  const next = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (empty) return setFormError(accountMessages.formInvalid);
    navigate(`${base}/step-2`);
  };
  const asQuestions = () => setText(text.split('\n').map((line) => (line.trim() ? toQuestionForm(line) : line)).join('\n'));

  return (
    <form className="form" onSubmit={next} noValidate>
      <WizardSteps steps={stepLabels} current={0} completed={() => false} />
      <FormMessages formError={formError} />
      <TextareaWithCounter
        label="Keywords (one per line)"
        value={text}
        onChange={(value) => {
          setText(value);
          setFormError(null);
        }}
        onBlur={() => setTouched(true)}
        error={error}
        placeholder={'running shoes\nbest trail running shoes'}
      />
      <div className="form__actions">
        <button type="button" className="button" onClick={asQuestions} disabled={empty}>
          Make each line a question
        </button>
        <button type="submit" className="button button--primary">
          Next: review
        </button>
      </div>
    </form>
  );
}

export function RequestKeywordsStep2() {
  const { text, setSubmitted } = useDraft();
  const navigate = useNavigate();
  const mutation = useAddRequestedKeywords();
  const keywords = parseRequestedKeywords(text);
  if (keywords.length === 0) return <Navigate to={`${base}/step-1`} replace />;

  const submit = () =>
    mutation.mutate(text, {
      onSuccess: () => {
        setSubmitted(true);
        navigate(`${base}/step-3`);
      },
    });
  return (
    <div className="form">
      <WizardSteps steps={stepLabels} current={1} completed={(index) => index === 0} />
      <h2>Review {keywords.length === 1 ? '1 keyword' : `${keywords.length} keywords`}</h2>
      <FormMessages formError={null} serverErrors={errorsOf(mutation.error)} />
      <ul className="keyword-review">
        {keywords.map((keyword) => (
          <li key={keyword}>{keyword}</li>
        ))}
      </ul>
      <SubmitActions back={`${base}/step-1`} label="Submit request" pending={mutation.isPending} pendingLabel="Sending…" onClick={submit} />
    </div>
  );
}

export function RequestKeywordsStep3() {
  const { setText, setSubmitted } = useDraft();
  const requested = useRequestedKeywords();
  const fetchJobId = requested.data?.fetchJobId ?? null;
  useRequestedKeywordsLive(fetchJobId);
  return (
    <div className="form">
      <WizardSteps steps={stepLabels} current={2} completed={(index) => index < 2} />
      <h2>Your requested keywords</h2>
      {requested.isPending ? <p>Loading…</p> : null}
      {requested.isError ? <p className="notice--error">{errorsOf(requested.error)[0]}</p> : null}
      {requested.data ? (
        <>
          {fetchJobId ? (
            <p className="notice" role="status">
              Fetching your keywords now; this page updates as they become ready.
            </p>
          ) : null}
          <SimpleTable className="data-table" label="Requested keywords by status" columns={statusColumns} rows={requested.data.keywordStatuses} rowKey={(entry) => entry.status} />
          {requested.data.keywords.length ? (
            <table className="data-table" aria-label="Latest requests">
              <thead>
                <tr>
                  <th>Keyword</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {requested.data.keywords.map((keyword) => (
                  <tr key={keyword.term}>
                    <td>{keyword.term}</td>
                    <td title={keyword.failureReason ?? undefined}>
                      {statusLabels[keyword.status]}
                      {keyword.failureReason ? <span className="request-keywords__reason">: {keyword.failureReason}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>You have not requested any keywords yet.</p>
          )}
        </>
      ) : null}
      <div className="form__actions">
        <Link
          className="button button--primary"
          to={`${base}/step-1`}
          onClick={() => {
            setText('');
            setSubmitted(false);
          }}
        >
          Request more keywords
        </Link>
      </div>
    </div>
  );
}

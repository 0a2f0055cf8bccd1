import { hostOfText, keywordsOfText, reconLimits, type ReconReportType, type ReconWizardStep } from '@serpwise/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { WizardSteps } from '@/components/form/wizard-steps';
import { CountrySelector } from '@/components/ui/country-selector/country-selector';
import { TagInput } from '@/components/ui/tag-input';
import { errorsOf } from '@/lib/api-client';
import { RequireLogin } from '@/features/auth';
import { useSaveReconReport } from '../api/recon';
import { clearReconState, loadReconState, primaryDomainOf, reconStepLabels, saveReconState, stepOfPath, wizardPath, wizardRedirect, type ReconWizardState } from '../wizard-state';

const titles: Record<ReconReportType, string> = { seo: 'New SEO recon report', ppc: 'New PPC recon report' };

/** /recon/create/{seo|ppc}[/2|3|4]: the four-step wizard (docs/product/projects.md §2, step rules in docs/product/projects.md §4). */
export function ReconWizardPage({ type }: { type: ReconReportType }) {
  return (
    <RequireLogin>
      <ReconWizard type={type} />
    </RequireLogin>
  );
}

function ReconWizard({ type }: { type: ReconReportType }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const domainQuery = params.get('query');
  const [state, setState] = useState<ReconWizardState>(() => {
    const loaded = loadReconState(type);
    // A domain query (from a research page) starts the wizard on that domain.
    if (domainQuery && hostOfText(domainQuery) && !loaded.primaryDomain.valid) return { ...loaded, primaryDomain: primaryDomainOf(domainQuery) };
    return loaded;
  });
  useEffect(() => saveReconState(type, state), [type, state]);
  const update = (change: Partial<ReconWizardState>) => setState((previous) => ({ ...previous, ...change }));
  const step = stepOfPath(pathname);
  const redirect = wizardRedirect(type, pathname, state, domainQuery);
  const save = useSaveReconReport();
  // Not one of the four steps: the create routes fall back to /custom-reports (docs/product/projects.md §2).
  if (step === null) return <Navigate to="/custom-reports" replace />;
  if (redirect) return <Navigate to={redirect} replace />;

  const go = (next: ReconWizardStep) => navigate(wizardPath(type, next));
  const keywords = keywordsOfText(state.keywordsCsv);

  const create = async () => {
    const report = await save.mutateAsync({
      body: { type, name: state.name || undefined, primaryDomain: state.primaryDomain.value, territory: state.territory, keywordsCsv: state.keywordsCsv, competitors: state.competitors },
    });
    clearReconState(type);
    navigate(`/recon/live-ranking/${report.id}`);
  };

  return (
    <div className="page recon">
      <h1>{titles[type]}</h1>
      <WizardSteps steps={reconStepLabels} current={step - 1} completed={(index) => index < step - 1} />
      {step === 1 && <DomainStep state={state} update={update} onNext={() => go(2)} />}
      {step === 2 && (
        <StepForm onBack={() => go(1)} onNext={() => go(3)} canContinue={keywords.length > 0 && keywords.length <= reconLimits.keywords}>
          <label className="field">
            <span>Keywords to track for {state.primaryDomain.value}, one per line</span>
            <textarea rows={10} value={state.keywordsCsv} onChange={(event) => update({ keywordsCsv: event.target.value })} placeholder={'best running shoes\ntrail running shoes'} />
          </label>
          <p className="muted">
            {keywords.length} of at most {reconLimits.keywords} keywords
          </p>
        </StepForm>
      )}
      {step === 3 && (
        <StepForm onBack={() => go(2)} onNext={() => go(4)} canContinue={state.competitors.length > 0}>
          <TagInput
            label="Competitors (domains)"
            tags={state.competitors}
            onChange={(competitors) => update({ competitors: competitors.slice(0, reconLimits.competitors) })}
            placeholder="competitor.com"
            hint={`Press Enter after each domain; up to ${reconLimits.competitors}.`}
            flagged={new Map(state.competitors.filter((domain) => !hostOfText(domain)).map((domain) => [domain, 'Not a valid domain']))}
          />
        </StepForm>
      )}
      {step === 4 && (
        <div className="recon-review">
          <dl className="recon-review__facts">
            <dt>Primary domain</dt>
            <dd>{state.primaryDomain.value}</dd>
            <dt>Territory</dt>
            <dd>{state.territory}</dd>
            <dt>Keywords</dt>
            <dd>{keywords.length}</dd>
            <dt>Competitors</dt>
            <dd>{state.competitors.join(', ')}</dd>
          </dl>
          <label className="field">
            <span>Report name (optional)</span>
            <input value={state.name} maxLength={reconLimits.nameLength} onChange={(event) => update({ name: event.target.value })} placeholder={`${state.primaryDomain.value} ${type.toUpperCase()} recon`} />
          </label>
          {save.isError && (
            <div className="alert alert--error" role="alert">
              {errorsOf(save.error).map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}
          <div className="actions">
            <button type="button" className="button" onClick={() => go(3)}>
              Back
            </button>
            <button type="button" className="button button--primary" disabled={save.isPending} onClick={() => void create().catch(() => undefined)}>
              {save.isPending ? 'Creating…' : 'Create report'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

function DomainStep({ state, update, onNext }: { state: ReconWizardState; update: (change: Partial<ReconWizardState>) => void; onNext: () => void }) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (state.primaryDomain.valid) onNext();
  };
  return (
    <form className="recon-step" onSubmit={submit} noValidate>
      <label className="field" htmlFor={id}>
        <span>Primary domain</span>
      </label>
      <input
        id={id}
        value={state.primaryDomain.value}
        onChange={(event) => update({ primaryDomain: primaryDomainOf(event.target.value) })}
        onBlur={() => setTouched(true)}
        placeholder="example.com"
        aria-invalid={touched && !state.primaryDomain.valid}
      />
      {touched && !state.primaryDomain.valid && <p className="field__error">Enter a valid domain, like example.com.</p>}
      <CountrySelector value={state.territory} onChange={(territory) => update({ territory })} label="Territory" showName />
      <div className="actions">
        <button type="submit" className="button button--primary">
          Next
        </button>
      </div>
    </form>
  );
}

function StepForm({ children, onBack, onNext, canContinue }: { children: React.ReactNode; onBack: () => void; onNext: () => void; canContinue: boolean }) {
  return (
    <form
      className="recon-step"
      onSubmit={(event) => {
        event.preventDefault();
        if (canContinue) onNext();
      }}
    >
      {children}
      <div className="actions">
        <button type="button" className="button" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="button button--primary" disabled={!canContinue}>
          Next
        </button>
      </div>
    </form>
  );
}

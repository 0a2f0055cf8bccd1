import {
  accountMessages,
  budgetRanges,
  companyEmployeeCounts,
  emptyOnboarding,
  onboardingStepErrors,
  territories,
  type OnboardingStep,
  type UserSurvey,
} from '@serpwise/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { TextField } from '@/components/form/text-field';
import { optionsOf, SelectField } from '@/components/form/select-field';
import { FormMessages } from '@/components/form/form-messages';
import { errorsOf } from '@/lib/api-client';
import { WizardSteps } from '@/components/form/wizard-steps';
import { ApiRequestError } from '@/lib/api-client';
import { cleanseDomain } from '../api/cleanse-domain';
import { useSaveUserSurvey } from '../api/save-user-survey';
import { SubmitActions } from '@/components/form/submit-actions';
import { notify } from '@/components/ui/notifications';
import { browserTerritory } from '@/lib/country';
import { useActiveState } from '@/features/auth';
import { afterOnboardingTarget, forgetReturnUrl, keepReturnUrl, keptReturnUrl } from '../after-onboarding';

type OnboardingAnswers = UserSurvey;

const storageKey = 'serpwise:onboarding';
const stepPaths: Record<OnboardingStep, string> = { 1: '/onboarding', 2: '/onboarding/2', 3: '/onboarding/3' };
const stepLabels = ['About you', 'Your website', 'Your goals'];
/** How a field's value becomes its answer: text as typed; a drop-down's empty choice as no answer. */
const asText = (value: string) => value;
const orNull = <T extends string>(value: T | '') => value || null;
const territoryOptions = territories.map((territory) => ({ value: territory.code, label: territory.name }));

const employeeLabels: Record<(typeof companyEmployeeCounts)[number], string> = {
  '1': 'Just me',
  '2-10': '2–10',
  '11-50': '11–50',
  '51-200': '51–200',
  '201-1000': '201–1,000',
  '1000+': 'More than 1,000',
};
const budgetLabels: Record<(typeof budgetRanges)[number], string> = {
  'under-1k': 'Under $1,000 a month',
  '1k-5k': '$1,000–$5,000 a month',
  '5k-20k': '$5,000–$20,000 a month',
  '20k-100k': '$20,000–$100,000 a month',
  '100k+': 'More than $100,000 a month',
};
const interests = [
  ['interestedInSeo', 'SEO: organic search'],
  ['interestedInPpc', 'PPC: paid search'],
  ['interestedInCompetitiveIntelligence', 'Competitive intelligence'],
  ['interestedInClientReporting', 'Client reporting'],
  ['interestedInSalesProspecting', 'Sales prospecting'],
] as const;

interface OnboardingContext {
  answers: OnboardingAnswers;
  update: (change: Partial<OnboardingAnswers>) => void;
}
const useOnboarding = () => useOutletContext<OnboardingContext>();

/**
 * A new survey: the target country defaults to the request's environment (the server's countryCode: the configured
 * country header, else Accept-Language), else the browser's languages; the user can change it.
 */
const newAnswers = (country: string | null): OnboardingAnswers => ({ ...emptyOnboarding(), onboardingGeo: country ?? browserTerritory() });

function loadAnswers(country: string | null): OnboardingAnswers {
  try {
    const saved = sessionStorage.getItem(storageKey);
    return saved ? { ...newAnswers(country), ...(JSON.parse(saved) as Partial<OnboardingAnswers>) } : newAnswers(country);
  } catch {
    return newAnswers(country);
  }
}

const isStepValid = (step: OnboardingStep, answers: OnboardingAnswers) => Object.keys(onboardingStepErrors(step, answers)).length === 0;

/**
 * /onboarding, /onboarding/2, /onboarding/3: a page of the app's layout like any other (its header is the simplified
 * one, app/header.tsx), with the step indicator and the step.
 */
export function OnboardingLayout() {
  const environmentCountry = useActiveState().data?.environment?.countryCode ?? null;
  const [answers, setAnswers] = useState<OnboardingAnswers>(() => loadAnswers(environmentCountry));
  const { pathname, search } = useLocation();
  const current = pathname.replace(/\/$/, '').endsWith('/3') ? 2 : pathname.replace(/\/$/, '').endsWith('/2') ? 1 : 0;
  useEffect(() => keepReturnUrl(search), [search]);
  useEffect(() => {
    sessionStorage.setItem(storageKey, JSON.stringify(answers));
  }, [answers]);
  const update = (change: Partial<OnboardingAnswers>) => setAnswers((previous) => ({ ...previous, ...change }));

  return (
    <section className="page onboarding">
      <h1>Welcome to Serpwise</h1>
      <p className="lead">Three short steps, and your first project is ready to research.</p>
      <WizardSteps steps={stepLabels} current={current} completed={(index) => index < current && isStepValid((index + 1) as OnboardingStep, answers)} />
      <Outlet context={{ answers, update } satisfies OnboardingContext} />
    </section>
  );
}

/** Field touch state and the step's messages: shown after blur, or for every field after a failed Next. */
function useStep(step: OnboardingStep, answers: OnboardingAnswers, update: OnboardingContext['update']) {
  const [touched, setTouched] = useState<Partial<Record<keyof OnboardingAnswers, boolean>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const errors = onboardingStepErrors(step, answers);
  const errorOf = (name: keyof OnboardingAnswers) => (touched[name] ? (errors[name] ?? null) : null);
  const touch = (name: keyof OnboardingAnswers) => setTouched((current) => ({ ...current, [name]: true }));
  return {
    errorOf,
    touch,
    /** A field bound to its answer: its error once touched; a change stores the answer and clears the form's error; leaving it marks it touched. */
    field: <K extends keyof OnboardingAnswers, V>(name: K, answerOf: (value: V) => OnboardingAnswers[K]) => ({
      error: errorOf(name),
      onChange: (value: V) => {
        update({ [name]: answerOf(value) });
        setFormError(null);
      },
      onBlur: () => touch(name),
    }),
    clearFormError: () => setFormError(null),
    formError,
    check(): boolean {
      setTouched(Object.fromEntries(Object.keys(errors).map((name) => [name, true])));
      const valid = Object.keys(errors).length === 0;
      setFormError(valid ? null : accountMessages.formInvalid);
      return valid;
    },
  };
}

function YesNo({ legend, value, onChange, error }: { legend: string; value: boolean | null; onChange: (value: boolean) => void; error?: string | null }) {
  const name = useId();
  return (
    <fieldset className={`fieldset${error ? ' fieldset--invalid' : ''}`} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <label>
        <input type="radio" name={name} checked={value === true} onChange={() => onChange(true)} /> Yes
      </label>
      <label>
        <input type="radio" name={name} checked={value === false} onChange={() => onChange(false)} /> No
      </label>
      {error ? <p className="field__error">{error}</p> : null}
    </fieldset>
  );
}

export function OnboardingStep1() {
  const { answers, update } = useOnboarding();
  const navigate = useNavigate();
  const step = useStep(1, answers, update);
  const next = (event: FormEvent) => {
    event.preventDefault();
    if (step.check()) navigate(stepPaths[2]);
  };
  return (
    <form className="form" onSubmit={next} noValidate aria-label="Onboarding step 1">
      <FormMessages formError={step.formError} />
      <TextField
        label="Your name"
        name="name"
        autoComplete="name"
        value={answers.name ?? ''}
        {...step.field('name', asText)}
      />
      <SelectField
        label="How many people work at your company?"
        value={answers.companyEmployeeCount ?? ''}
        empty="Choose…"
        options={optionsOf(companyEmployeeCounts, (count) => employeeLabels[count])}
        onChange={(value) => update({ companyEmployeeCount: value || null })}
      />
      <YesNo legend="Do you work at an agency?" value={answers.employedAtAgency} onChange={(employedAtAgency) => update({ employedAtAgency })} />
      <YesNo legend="Do you own the business?" value={answers.ownBusiness} onChange={(ownBusiness) => update({ ownBusiness })} />
      <SubmitActions label="Next" />
    </form>
  );
}

/** The domain field: cleansed by the server when it loses focus. */
function DomainField({ step }: { step: ReturnType<typeof useStep> }) {
  const { answers, update } = useOnboarding();
  const [cleanseError, setCleanseError] = useState<string | null>(null);
  const blur = async () => {
    step.touch('onboardingDomain');
    const typed = answers.onboardingDomain?.trim();
    if (!typed) return;
    try {
      const { domain } = await cleanseDomain(typed);
      setCleanseError(null);
      update({ onboardingDomain: domain });
    } catch (error) {
      setCleanseError(error instanceof ApiRequestError && error.status === 400 ? errorsOf(error)[0]! : null);
    }
  };
  return (
    <TextField
      label="Your website"
      name="onboardingDomain"
      type="url"
      placeholder="example.com"
      value={answers.onboardingDomain ?? ''}
      error={step.errorOf('onboardingDomain') ?? cleanseError}
      onChange={(onboardingDomain) => {
        update({ onboardingDomain });
        setCleanseError(null);
        step.clearFormError();
      }}
      onBlur={() => void blur()}
    />
  );
}

export function OnboardingStep2() {
  const { answers, update } = useOnboarding();
  const navigate = useNavigate();
  const step = useStep(2, answers, update);
  if (!isStepValid(1, answers)) return <Navigate to={stepPaths[1]} replace />;
  const next = (event: FormEvent) => {
    event.preventDefault();
    if (step.check()) navigate(stepPaths[3]);
  };
  return (
    <form className="form" onSubmit={next} noValidate aria-label="Onboarding step 2">
      <FormMessages formError={step.formError} />
      <DomainField step={step} />
      <TextField
        label="Project name"
        name="onboardingDisplay"
        hint="How the project is shown in Serpwise, e.g. your brand."
        value={answers.onboardingDisplay ?? ''}
        {...step.field('onboardingDisplay', asText)}
      />
      <SelectField
        label="Country you target"
        value={answers.onboardingGeo ?? ''}
        {...step.field('onboardingGeo', orNull<string>)}
        empty="Select Country"
        options={territoryOptions}
      />
      <SubmitActions back={stepPaths[1]} label="Next" />
    </form>
  );
}

export function OnboardingStep3() {
  const { answers, update } = useOnboarding();
  const navigate = useNavigate();
  const step = useStep(3, answers, update);
  const save = useSaveUserSurvey();
  if (!isStepValid(1, answers)) return <Navigate to={stepPaths[1]} replace />;
  if (!isStepValid(2, answers)) return <Navigate to={stepPaths[2]} replace />;
  const needsBudget = answers.interestedInPpc && answers.employedAtAgency !== true;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!step.check()) return;
    save.mutate(answers, {
      onSuccess: (answer) => {
        sessionStorage.removeItem(storageKey);
        const overview = answer.data.redirectUrl;
        const target = afterOnboardingTarget(keptReturnUrl(), overview);
        forgetReturnUrl();
        // Stays until closed: the first thing a new user reads says what onboarding made.
        notify(`Welcome to Serpwise, ${answers.name!.trim()}! Your project "${answers.onboardingDisplay!.trim()}" for ${answers.onboardingDomain} was created.`, {
          type: 'success',
          timeout: null,
          ...(target === overview ? {} : { action: () => navigate(overview), actionText: 'See its overview' }),
        });
        navigate(target);
      },
    });
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Onboarding step 3">
      <FormMessages formError={step.formError} serverErrors={errorsOf(save.error)} />
      <DomainField step={step} />
      <YesNo
        legend="Is this a new campaign?"
        value={answers.isNewCampaign}
        error={step.errorOf('isNewCampaign')}
        onChange={(isNewCampaign) => {
          update({ isNewCampaign });
          step.touch('isNewCampaign');
          step.clearFormError();
        }}
      />
      <fieldset className={`fieldset${step.errorOf('interestedInPpc') ? ' fieldset--invalid' : ''}`}>
        <legend>What are you interested in?</legend>
        {interests.map(([name, label]) => (
          <label key={name}>
            <input
              type="checkbox"
              checked={answers[name]}
              onChange={(event) => {
                update({ [name]: event.target.checked });
                step.touch('interestedInPpc');
                step.clearFormError();
              }}
            />{' '}
            {label}
          </label>
        ))}
        {step.errorOf('interestedInPpc') ? <p className="field__error">{step.errorOf('interestedInPpc')}</p> : null}
      </fieldset>
      {needsBudget ? (
        <SelectField
          label="Monthly ad budget"
          value={answers.budgetRange ?? ''}
          {...step.field('budgetRange', orNull<(typeof budgetRanges)[number]>)}
          empty="Choose…"
          options={optionsOf(budgetRanges, (range) => budgetLabels[range])}
        />
      ) : null}
      <SubmitActions back={stepPaths[2]} label="Finish" pending={save.isPending} pendingLabel="Setting up…" />
    </form>
  );
}

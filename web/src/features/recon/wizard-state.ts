import { allowedReconStep, hostOfText, type ReconCreateState, type ReconReportType, type ReconWizardStep } from '@serpwise/contracts';

/** The recon wizard's state between steps (docs/product/projects.md §3 "Recon create state"), kept per report type for the tab. */
export interface ReconWizardState extends ReconCreateState {
  territory: string;
  name: string;
}

export const emptyReconState = (): ReconWizardState => ({ primaryDomain: { value: '', valid: false }, keywordsCsv: '', competitors: [], territory: 'US', name: '' });

const storageKey = (type: ReconReportType) => `serpwise:recon-create:${type}`;

export function loadReconState(type: ReconReportType): ReconWizardState {
  try {
    const saved = sessionStorage.getItem(storageKey(type));
    return saved ? { ...emptyReconState(), ...(JSON.parse(saved) as Partial<ReconWizardState>) } : emptyReconState();
  } catch {
    return emptyReconState();
  }
}

export const saveReconState = (type: ReconReportType, state: ReconWizardState) => sessionStorage.setItem(storageKey(type), JSON.stringify(state));
export const clearReconState = (type: ReconReportType) => sessionStorage.removeItem(storageKey(type));

/** The primary domain as typed, with its valid flag. */
export const primaryDomainOf = (value: string) => ({ value, valid: hostOfText(value) !== null });

export const wizardPath = (type: ReconReportType, step: ReconWizardStep) => `/recon/create/${type}${step === 1 ? '' : `/${step}`}`;

/** The step of a wizard path: /recon/create/seo → 1, …/2 → 2; anything else is not a wizard step. */
export function stepOfPath(pathname: string): ReconWizardStep | null {
  const match = /^\/recon\/create\/(?:seo|ppc)(?:\/([1-4]))?\/?$/.exec(pathname);
  if (!match) return null;
  return Number(match[1] ?? 1) as ReconWizardStep;
}

/**
 * Where the wizard goes for a path (docs/product/projects.md §4): the asked step when its rule holds, else back to the nearest earlier
 * step whose rule holds. A domain query (?query=) counts as the primary domain for step 2.
 */
export function wizardRedirect(type: ReconReportType, pathname: string, state: ReconCreateState, domainQuery: string | null): string | null {
  const wanted = stepOfPath(pathname);
  if (wanted === null) return null;
  const allowed = allowedReconStep(wanted, state, domainQuery);
  return allowed === wanted ? null : wizardPath(type, allowed);
}

export const reconStepLabels = ['Domain', 'Keywords', 'Competitors', 'Review'];

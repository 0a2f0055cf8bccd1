export type WizardStepState = 'active' | 'complete' | 'incomplete';

/** The wizard step indicator (docs/product/account-exports-reports.md §4): each step is active, complete or incomplete. */
export function WizardSteps({ steps, current, completed }: { steps: string[]; current: number; completed: (index: number) => boolean }) {
  return (
    <ol className="wizard-steps" aria-label="Steps">
      {steps.map((label, index) => {
        const state: WizardStepState = index === current ? 'active' : completed(index) ? 'complete' : 'incomplete';
        return (
          <li key={label} className={`wizard-steps__step wizard-steps__step--${state}`} data-state={state} aria-current={state === 'active' ? 'step' : undefined}>
            <span className="visually-hidden">{`Step ${index + 1} (${state}): `}</span>
            {label}
          </li>
        );
      })}
    </ol>
  );
}

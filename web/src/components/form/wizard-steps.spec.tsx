import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { WizardSteps } from './wizard-steps';

const states = () => screen.getAllByRole('listitem').map((item) => item.getAttribute('data-state'));

describe('WizardSteps', () => {
  it('marks each step active, complete or incomplete', () => {
    render(<WizardSteps steps={['Name', 'Website', 'Goals']} current={1} completed={(index) => index === 0} />);
    expect(states()).toEqual(['complete', 'active', 'incomplete']);
    expect(screen.getByText('Website').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Name').closest('li')).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Step 1 (complete):')).toBeInTheDocument();
  });

  it('leaves an earlier step incomplete when it is not complete, and the active step wins over complete', () => {
    render(<WizardSteps steps={['Name', 'Website', 'Goals']} current={2} completed={() => true} />);
    expect(states()).toEqual(['complete', 'complete', 'active']);
  });

  it('shows a skipped earlier step as incomplete', () => {
    render(<WizardSteps steps={['Name', 'Website', 'Goals']} current={2} completed={(index) => index === 1} />);
    expect(states()).toEqual(['incomplete', 'complete', 'active']);
  });
});

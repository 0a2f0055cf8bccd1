import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AuthTabsPanel } from './auth-tabs-panel';

describe('AuthTabsPanel', () => {
  it("opens on 'Log In' (without Remember Me, as a widget) and switches to 'Sign Up'", async () => {
    render(
      <MemoryRouter>
        <AuthTabsPanel />
      </MemoryRouter>,
    );
    expect(screen.getByRole('tab', { name: 'Log In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Log in to Continue' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Remember Me')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { name: 'Sign up for a free account to continue' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Log in to Continue' })).not.toBeInTheDocument();
  });
});

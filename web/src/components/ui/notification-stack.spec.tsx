import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { NotificationStack } from './notification-stack';
import { createNotificationStore } from './notifications';

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  jest.useFakeTimers();
  user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
});
afterEach(() => {
  jest.useRealTimers();
});

const region = () => screen.getByRole('region', { name: 'Notifications' });
const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('NotificationStack', () => {
  it('shows a notice for 8000 ms', () => {
    const store = createNotificationStore();
    render(<NotificationStack store={store} />);
    act(() => void store.notify('New group successfully added', { type: 'success' }));
    expect(within(region()).getByRole('status')).toHaveTextContent('New group successfully added');
    wait(7999);
    expect(within(region()).getByText('New group successfully added')).toBeInTheDocument();
    wait(1);
    expect(within(region()).queryByText('New group successfully added')).not.toBeInTheDocument();
  });

  it('stays while hovered and leaves 1000 ms after the mouse leaves', async () => {
    const store = createNotificationStore();
    render(<NotificationStack store={store} />);
    act(() => void store.notify('Saved'));
    wait(7500);
    await user.hover(screen.getByText('Saved'));
    wait(30_000);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    await user.unhover(screen.getByText('Saved'));
    wait(999);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    wait(1);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('shows errors as alerts, runs an action, opens an address action as a link in a new tab, and dismisses', async () => {
    const store = createNotificationStore();
    const retry = jest.fn();
    render(<NotificationStack store={store} />);
    act(() => {
      store.notify('There was a problem removing the user.', { type: 'error', action: retry, actionText: 'Try again' });
      store.notify('Exported PDF', { type: 'success', action: '/files/report.pdf', actionText: 'Open PDF in New Tab', actionIcon: 'external-link' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('There was a problem removing the user.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    const link = screen.getByRole('link', { name: 'Open PDF in New Tab' });
    expect(link).toHaveAttribute('href', '/files/report.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    const exported = screen.getByText('Exported PDF').closest('li')!;
    await user.click(within(exported).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Exported PDF')).not.toBeInTheDocument();
  });
});

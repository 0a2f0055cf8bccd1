import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LockOverlay, ThrottledCell } from './lock-overlay';

const place = '/seo/keywords/domain?query=a.com&sort=volume&dir=desc&startRow=21#organic';
const back = encodeURIComponent(place);

describe('the table locks come back to the same place after logging in (docs/decisions.md issue 24)', () => {
  it('"Log in to see all results" and a locked cell carry path, tab, sort, page and hash', () => {
    render(
      <MemoryRouter initialEntries={[place]}>
        <LockOverlay lock={{ text: 'Log in to see all results', link: '/auth/login' }} lockedRows={30} />
        <ThrottledCell lock={{ text: 'Log in to see this value', link: '/auth/login' }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Log in to see all results' })).toHaveAttribute('href', `/auth/login?returnUrl=${back}`);
    expect(screen.getByRole('link', { name: 'Log in to see this value' })).toHaveAttribute('href', `/auth/login?returnUrl=${back}`);
  });

  it('the purchase lock of a logged-in user comes back too, and an off-site returnTo is never carried', () => {
    render(
      <MemoryRouter initialEntries={[place]}>
        <LockOverlay lock={{ text: 'Unlock all the data', link: '/upgrade' }} lockedRows={5} />
        <LockOverlay lock={{ text: 'Log in again', link: '/auth/login' }} lockedRows={5} returnTo="//evil.example/steal" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Unlock all the data' })).toHaveAttribute('href', `/upgrade?returnUrl=${back}`);
    expect(screen.getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/auth/login');
  });
});

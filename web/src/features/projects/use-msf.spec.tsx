import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { openingPhaseMs, useMsf } from './use-msf';

function Probe() {
  const msf = useMsf();
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <div>
      <p data-testid="search">{search}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        forward
      </button>
      <p data-testid="state">{JSON.stringify({ route: msf.location?.route ?? null, open: msf.isOpen, opening: msf.opening, ever: msf.everOpened, direction: msf.direction })}</p>
      <button type="button" onClick={() => msf.go('groups', { projectId: 'p1' })}>
        groups
      </button>
      <button type="button" onClick={msf.close}>
        close
      </button>
      <button type="button" onClick={msf.toggle}>
        toggle
      </button>
    </div>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent!) as { route: string | null; open: boolean; opening: boolean; ever: boolean; direction: string };

function renderAt(entry: string) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Probe />
    </MemoryRouter>,
  );
}
const search = () => screen.getByTestId('search').textContent;
const click = (name: string) => act(() => screen.getByText(name, { selector: 'button' }).click());

describe('useMsf', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('opens from the query with a 150 ms opening phase', () => {
    renderAt('/seo?query=a.com&msf=%20Projects%20');
    expect(state()).toMatchObject({ route: 'projects', open: true, opening: true, ever: true });
    act(() => void jest.advanceTimersByTime(openingPhaseMs - 1));
    expect(state().opening).toBe(true);
    act(() => void jest.advanceTimersByTime(1));
    expect(state().opening).toBe(false);
  });

  it('back and forward move, close and reopen the panel; reopening starts a new phase', () => {
    renderAt('/seo?query=a.com');
    expect(state()).toMatchObject({ open: false, ever: false, opening: false });
    click('toggle');
    expect(state()).toMatchObject({ route: 'projects', open: true, opening: true });
    act(() => void jest.advanceTimersByTime(openingPhaseMs));
    click('groups');
    expect(state()).toMatchObject({ route: 'groups', opening: false, direction: 'forward' });
    expect(search()).toBe('?query=a.com&msf=groups&projectId=p1');

    click('back');
    expect(state()).toMatchObject({ route: 'projects', direction: 'back' });
    click('back');
    expect(state()).toMatchObject({ open: false, ever: true });
    click('forward');
    expect(state()).toMatchObject({ route: 'projects', open: true, opening: true });
    click('close');
    expect(state().open).toBe(false);
    expect(search()).toBe('?query=a.com');
  });

  it('the tab reopens the last route', () => {
    renderAt('/?msf=groups&projectId=p1');
    click('close');
    click('toggle');
    expect(state()).toMatchObject({ route: 'groups', open: true });
  });
});

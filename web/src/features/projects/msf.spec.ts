import { describe, expect, it } from '@jest/globals';
import { allProjectsRoutes, isPanelRoute, msfKey, nextPanelHistory, normaliseRouteName, panelRoutes, readMsf, transitionDirection, writeMsf } from './msf';

describe('msf routing rules (docs/product/projects.md §2, §4)', () => {
  it('knows every documented panel route and the all-projects ones', () => {
    expect(panelRoutes).toHaveLength(19);
    expect(panelRoutes).toContain('group-details');
    expect([...allProjectsRoutes].sort()).toEqual(
      ['contacts', 'contacts-details', 'create-project', 'edit-project', 'history', 'link-details', 'links', 'outreach-import', 'projects', 'website-details', 'websites'].sort(),
    );
    expect(allProjectsRoutes.has('keyword-list')).toBe(false);
  });

  it('matches route names lowercased and trimmed; anything else is unknown', () => {
    expect(normaliseRouteName('  Keyword-List ')).toBe('keyword-list');
    expect(isPanelRoute(' GROUPS')).toBe(true);
    expect(isPanelRoute('group details')).toBe(false);
    expect(readMsf('?query=a.com&msf=%20Group-Details%20&projectId=p1&groupHash=g1&groupName=Top')).toEqual({
      route: 'group-details',
      params: { projectId: 'p1', groupHash: 'g1', groupName: 'Top' },
    });
    expect(readMsf('?msf=nowhere')).toEqual({ route: 'nowhere', params: {} });
  });

  it('no msf means the panel is closed', () => {
    expect(readMsf('?query=a.com&projectId=p1')).toBeNull();
  });

  it('writes the panel into the query and keeps the page parameters; closing removes msf and its parameters', () => {
    const open = writeMsf('?query=a.com&countryCode=US', { route: 'Groups', params: { projectId: 'p1' } });
    expect(open.toString()).toBe('query=a.com&countryCode=US&msf=groups&projectId=p1');
    const moved = writeMsf(open, { route: 'link-details', params: { urlId: 'u1', urlName: 'https://a.com/x' } });
    expect(moved.get('projectId')).toBeNull();
    expect(moved.get('urlId')).toBe('u1');
    expect(writeMsf(moved, null).toString()).toBe('query=a.com&countryCode=US');
  });

  it('keeps a history: a new route appends, going to the previous one shrinks it (back), closing clears it', () => {
    const a = { route: 'projects', params: {} };
    const b = { route: 'keyword-list', params: { projectId: 'p1' } };
    const c = { route: 'groups', params: { projectId: 'p1' } };
    let history = nextPanelHistory([], a);
    history = nextPanelHistory(history, b);
    history = nextPanelHistory(history, c);
    expect(history).toEqual([msfKey(a), msfKey(b), msfKey(c)]);
    const back = nextPanelHistory(history, b);
    expect(back).toEqual([msfKey(a), msfKey(b)]);
    expect(transitionDirection(history.length, back.length)).toBe('back');
    expect(transitionDirection(back.length, nextPanelHistory(back, c).length)).toBe('forward');
    expect(nextPanelHistory(history, null)).toEqual([]);
  });
});

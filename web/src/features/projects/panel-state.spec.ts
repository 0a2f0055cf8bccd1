import { describe, expect, it } from '@jest/globals';
import { allProjectsId } from '@serpwise/contracts';
import { createPanelStore, recentProjects } from './panel-state';

const project = (id: string, createdAt: string) => ({ id, createdAt });

describe('recent projects for the selector (docs/product/projects.md §9: 4 recent projects)', () => {
  const projects = [project('a', '2026-01-01'), project('b', '2026-02-01'), project('c', '2026-03-01'), project('d', '2026-04-01'), project('e', '2026-05-01'), project('f', '2026-06-01')];

  it('puts the projects used last first, then the newest created, four at most and without repeats', () => {
    expect(recentProjects(projects, ['b', 'gone', 'a'], 4).map((entry) => entry.id)).toEqual(['b', 'a', 'f', 'e']);
    expect(recentProjects(projects, [], 4).map((entry) => entry.id)).toEqual(['f', 'e', 'd', 'c']);
    expect(recentProjects(projects.slice(0, 2), ['a'], 4).map((entry) => entry.id)).toEqual(['a', 'b']);
  });

  it('remembers the order projects were made active, locally, All Projects left out', () => {
    localStorage.clear();
    const store = createPanelStore();
    store.setActiveProject('a');
    store.setActiveProject('b');
    store.setActiveProject(allProjectsId);
    store.setActiveProject('a');
    expect(store.get().recentProjectIds).toEqual(['a', 'b']);
    expect(createPanelStore().get().recentProjectIds).toEqual(['a', 'b']);
  });
});

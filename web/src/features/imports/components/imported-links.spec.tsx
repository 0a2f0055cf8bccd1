import { describe, expect, it } from '@jest/globals';
import type { ImportStatus } from '@serpwise/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ImportedLinks } from './imported-links';

const facts = (brought: ImportStatus['import']['brought'], format: ImportStatus['import']['format'] = 'gsc'): ImportStatus['import'] => ({
  format, fileName: 'f', fileBytes: 1, territory: 'UK', domain: null, date: null, dateFrom: null, dateTo: null,
  rowsRead: 1, rowsLanded: 1, rowsDuplicate: 0, rowsRejected: 0, errorReportUrl: null, spread: null, months: null, brought,
});

const renderLinks = (value: ImportStatus['import']) => render(<MemoryRouter><ImportedLinks facts={value} /></MemoryRouter>);

describe('the links of a finished import', () => {
  it('open its site\'s overview and keywords for the month it landed', () => {
    renderLinks(facts({ site: 'harrowgate.example', keyword: null, month: '2026-09-01' }));
    expect(screen.getByRole('link', { name: 'Overview of harrowgate.example, Sep 2026' }))
      .toHaveAttribute('href', '/overview/domain?query=harrowgate.example&countryCode=UK&month=2026-09');
    expect(screen.getByRole('link', { name: 'Its keywords' })).toHaveAttribute('href', '/seo/keywords/domain?query=harrowgate.example&countryCode=UK&month=2026-09');
  });

  it('open a Keyword Planner file\'s keyword overview, and nothing for an import that brought nothing', () => {
    renderLinks(facts({ site: null, keyword: 'croissant recipe', month: '2026-03-01' }, 'keyword-planner'));
    expect(screen.getByRole('link', { name: 'Overview of “croissant recipe”, Mar 2026' }))
      .toHaveAttribute('href', '/keyword/overview?query=croissant+recipe&countryCode=UK&month=2026-03');
    const { container } = renderLinks(facts(null));
    expect(container).toBeEmptyDOMElement();
  });
});

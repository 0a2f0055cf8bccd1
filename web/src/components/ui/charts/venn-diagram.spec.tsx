import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { domainTotal, regionKey, VennDiagram } from './venn-diagram';

const domains = ['you.com', 'rival.com', 'other.com'];
const regions = [
  { domains: ['you.com'], keywords: 4 },
  { domains: ['rival.com'], keywords: 0 },
  { domains: ['you.com', 'rival.com'], keywords: 7 },
  { domains: ['other.com'], keywords: 1200 },
  { domains: ['you.com', 'other.com'], keywords: 1 },
  { domains: ['rival.com', 'other.com'], keywords: 19 },
  { domains: ['you.com', 'rival.com', 'other.com'], keywords: 262 },
];

describe('VennDiagram', () => {
  it('keys regions by the compared order and sums each domain over its regions', () => {
    expect(regionKey({ domains: ['other.com', 'you.com'], keywords: 1 }, domains)).toBe('0,2');
    expect(domainTotal(regions, 'you.com')).toBe(4 + 7 + 1 + 262);
    expect(domainTotal(regions, 'other.com')).toBe(1200 + 1 + 19 + 262);
  });

  it('draws one circle per domain and writes each exclusive region count', () => {
    const { container } = render(<VennDiagram domains={domains} regions={regions} title="Keyword overlap" />);
    expect(container.querySelectorAll('circle')).toHaveLength(3);
    expect([...container.querySelectorAll('text')].map((text) => text.textContent)).toEqual(['4', '0', '7', '1.2k', '1', '19', '262']);
    expect(screen.getByText('All 3: 262 keywords')).toBeInTheDocument();
    expect(screen.getByText('Only you.com: 4 keywords')).toBeInTheDocument();
    expect(screen.getByText('rival.com and other.com only: 19 keywords')).toBeInTheDocument();
    expect(screen.getByText('274 keywords')).toBeInTheDocument();
  });

  it('draws two circles for two domains', () => {
    const two = [
      { domains: ['you.com'], keywords: 584 },
      { domains: ['rival.com'], keywords: 483 },
      { domains: ['you.com', 'rival.com'], keywords: 146 },
    ];
    const { container } = render(<VennDiagram domains={['you.com', 'rival.com']} regions={two} title="Overlap" />);
    expect(container.querySelectorAll('circle')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Overlap' })).toBeInTheDocument();
    expect(screen.getByText('All 2: 146 keywords')).toBeInTheDocument();
  });
});

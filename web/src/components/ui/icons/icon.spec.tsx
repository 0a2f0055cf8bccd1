import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { Icon } from './icon';
import { iconNames } from './icon-shapes';

describe('Icon', () => {
  it('draws every icon of the set as inline SVG with at least one shape', () => {
    const { container } = render(
      <>
        {iconNames.map((name) => (
          <Icon key={name} name={name} />
        ))}
      </>,
    );
    const drawn = container.querySelectorAll('svg');
    expect(drawn).toHaveLength(iconNames.length);
    expect(new Set(iconNames).size).toBe(iconNames.length);
    for (const svg of drawn) {
      expect(svg.querySelectorAll('path').length).toBeGreaterThan(0);
      for (const path of svg.querySelectorAll('path')) expect(path.getAttribute('d')).toMatch(/^M[-\d.]/);
    }
  });

  it('is hidden from assistive technology unless labelled', () => {
    const { container } = render(
      <>
        <Icon name="search" />
        <Icon name="download" label="Download" size={24} filled />
      </>,
    );
    expect(container.querySelector('[data-icon="search"]')).toHaveAttribute('aria-hidden', 'true');
    const labelled = screen.getByRole('img', { name: 'Download' });
    expect(labelled).toHaveAttribute('width', '24');
    expect(labelled).toHaveAttribute('fill', 'currentColor');
  });
});

import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { StarRating } from './star-rating';

const activeFlags = (container: HTMLElement) => [...container.querySelectorAll('.ui-stars__star')].map((star) => star.getAttribute('data-active'));

describe('StarRating', () => {
  it('shows the active stars out of 3 by default', () => {
    const { container } = render(<StarRating label="Difficulty" value={2} />);
    expect(screen.getByRole('img', { name: 'Difficulty: 2 of 3 stars' })).toBeInTheDocument();
    expect(activeFlags(container)).toEqual(['true', 'true', 'false']);
  });

  it('takes another number of stars and holds the value between 0 and that number', () => {
    const { container, rerender } = render(<StarRating label="Score" value={9} max={5} />);
    expect(screen.getByRole('img', { name: 'Score: 5 of 5 stars' })).toBeInTheDocument();
    expect(activeFlags(container)).toHaveLength(5);
    rerender(<StarRating label="Score" value={-1} />);
    expect(screen.getByRole('img', { name: 'Score: 0 of 3 stars' })).toBeInTheDocument();
    rerender(<StarRating label="Score" value={Number.NaN} />);
    expect(activeFlags(container)).toEqual(['false', 'false', 'false']);
  });

  it('lets the user choose a rating when it can change', async () => {
    const onChange = jest.fn<(value: number) => void>();
    render(<StarRating label="Your rating" value={1} onChange={onChange} />);
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByRole('radio', { name: '1 of 3 stars' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '3 of 3 stars' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });
});

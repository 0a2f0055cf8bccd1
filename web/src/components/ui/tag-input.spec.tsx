import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { TagInput, tagFlashMs, type TagInputProps } from './tag-input';

function Owner(props: Partial<TagInputProps> & { initial?: string[] }) {
  const [tags, setTags] = useState(props.initial ?? []);
  return <TagInput label="Tags" {...props} tags={tags} onChange={setTags} />;
}

const box = () => screen.getByLabelText('Tags');
const tagTexts = () => within(screen.getByRole('list', { name: 'Added' })).queryAllByRole('listitem').map((item) => item.textContent);
const tagItem = (text: string) => within(screen.getByRole('list', { name: 'Added' })).getByText(text).closest('li')!;

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  jest.useFakeTimers();
  user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('TagInput', () => {
  it('adds trimmed text on Enter and ignores a blank entry', async () => {
    render(<Owner />);
    await user.type(box(), '  running shoes  {Enter}');
    expect(tagTexts()).toEqual(['running shoes']);
    expect(box()).toHaveValue('');
    await user.type(box(), '   {Enter}');
    expect(tagTexts()).toEqual(['running shoes']);
  });

  it('rejects a duplicate ignoring case and flashes the existing tag for 800 ms', async () => {
    expect(tagFlashMs).toBe(800);
    render(<Owner initial={['SEO', 'ppc']} />);
    await user.type(box(), 'seo{Enter}');
    expect(tagTexts()).toEqual(['SEO', 'ppc']);
    expect(tagItem('SEO')).toHaveClass('ui-flash');
    expect(tagItem('ppc')).not.toHaveClass('ui-flash');
    act(() => jest.advanceTimersByTime(tagFlashMs - 1));
    expect(tagItem('SEO')).toHaveClass('ui-flash');
    act(() => jest.advanceTimersByTime(1));
    expect(tagItem('SEO')).not.toHaveClass('ui-flash');
  });

  it('flashes again for a full 800 ms when the duplicate is entered again', async () => {
    render(<Owner initial={['seo']} />);
    await user.type(box(), 'seo{Enter}');
    act(() => jest.advanceTimersByTime(500));
    await user.type(box(), 'SEO{Enter}');
    act(() => jest.advanceTimersByTime(500));
    expect(tagItem('seo')).toHaveClass('ui-flash');
    act(() => jest.advanceTimersByTime(300));
    expect(tagItem('seo')).not.toHaveClass('ui-flash');
  });

  it('compares case-sensitively when asked, and allows duplicates when uniqueness is off', async () => {
    const { unmount } = render(<Owner initial={['SEO']} caseSensitive />);
    await user.type(box(), 'seo{Enter}');
    expect(tagTexts()).toEqual(['SEO', 'seo']);
    unmount();
    render(<Owner initial={['seo']} unique={false} />);
    await user.type(box(), 'seo{Enter}');
    expect(tagTexts()).toEqual(['seo', 'seo']);
  });

  it('in e-mail mode splits on commas, adds the valid addresses and keeps the invalid ones flagged in the box', async () => {
    render(<Owner mode="email" />);
    await user.click(box());
    await user.paste('Ada@Example.com, not-an-address, bob@example.org,');
    expect(tagTexts()).toEqual(['ada@example.com', 'bob@example.org']);
    expect(box()).toHaveValue('not-an-address');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(box().parentElement).toHaveClass('ui-flash');
    act(() => jest.advanceTimersByTime(tagFlashMs));
    expect(box().parentElement).not.toHaveClass('ui-flash');
    // Still flagged after the flash, until the text changes.
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(box());
    expect(box()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  });

  it('in e-mail mode a typed comma ends the address, and a duplicate address flashes the existing tag', async () => {
    render(<Owner mode="email" initial={['ada@example.com']} />);
    await user.type(box(), 'ADA@example.com,');
    expect(tagTexts()).toEqual(['ada@example.com']);
    expect(box()).toHaveValue('');
    expect(tagItem('ada@example.com')).toHaveClass('ui-flash');
    await user.type(box(), 'cy@example.com{Enter}');
    expect(tagTexts()).toEqual(['ada@example.com', 'cy@example.com']);
  });

  it('does not split on commas in text mode', async () => {
    render(<Owner />);
    await user.type(box(), 'shoes, red{Enter}');
    expect(tagTexts()).toEqual(['shoes, red']);
  });

  it('adds what was typed on leaving the box, removes a tag with its button, and the last one with Backspace', async () => {
    render(<Owner initial={['one', 'two']} />);
    await user.type(box(), 'three');
    await user.tab();
    expect(tagTexts()).toEqual(['one', 'two', 'three']);
    await user.click(screen.getByRole('button', { name: 'Remove two' }));
    expect(tagTexts()).toEqual(['one', 'three']);
    await user.click(box());
    await user.keyboard('{Backspace}');
    expect(tagTexts()).toEqual(['one']);
  });

  it('marks the tags its owner flags, with the reason as a title', () => {
    render(<TagInput label="Tags" tags={['a@example.com']} onChange={() => {}} flagged={new Map([['a@example.com', 'Taken']])} />);
    expect(tagItem('a@example.com')).toHaveClass('ui-tag--invalid');
    expect(tagItem('a@example.com')).toHaveAttribute('title', 'Taken');
  });
});

import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderPage } from '@test/render-page';
import { ServerErrorPage, TypoPage } from './error-pages';
import { NotFoundPage } from './not-found-page';

describe('error pages (docs/product/site.md §8)', () => {
  it('404: “Error 404” and the documented text', () => {
    renderPage(<NotFoundPage />);
    expect(screen.getByRole('heading', { name: 'Error 404' })).toBeInTheDocument();
    expect(
      screen.getByText('Sorry, partner. The page you requested is not in our database. You may have followed a bad external link, or mis-typed a URL.'),
    ).toBeInTheDocument();
  });

  it('typo page: “Oops!”, the documented text, and the query back in the search box', () => {
    renderPage(<TypoPage />, '/typo?query=www..shop.example');
    expect(screen.getByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, partner. It looks like you mis-typed the url in your search.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Domain, URL, or keyword' })).toHaveValue('www..shop.example');
  });

  it('server-error page: says what happened and offers to try again', () => {
    renderPage(<ServerErrorPage />);
    expect(screen.getByRole('heading', { name: 'Something went wrong on our end' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

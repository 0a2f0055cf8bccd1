/** 01-product.md §8: the 404 page, worded as documented. */
export function NotFoundPage() {
  return (
    <section className="page error-page">
      <h1>Error 404</h1>
      <p>Sorry, partner. The page you requested is not in our database. You may have followed a bad external link, or mis-typed a URL.</p>
    </section>
  );
}

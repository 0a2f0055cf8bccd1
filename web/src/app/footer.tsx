/** Site footer: the fixed live-data line and the legal line (the full footer comes with the marketing pages). */
export function Footer() {
  return (
    <footer className="site-footer">
      <p>Ranking data is Live, updated 5 seconds ago</p>
      <p>© {new Date().getFullYear()} Serpwise</p>
    </footer>
  );
}

import { Link } from 'react-router';

/** /sandbox (docs/product/site.md §2: development): a starting point for trying pieces of the app in isolation. */
export function SandboxPage() {
  return (
    <section className="page">
      <h1>Sandbox</h1>
      <p>Pages for trying parts of Serpwise on their own while developing it.</p>
      <ul>
        <li>
          <Link to="/system-check">System check</Link>: a job running live from the worker to this page.
        </li>
        <li>
          <Link to="/components">Components</Link> and <Link to="/icons">icons</Link>: every shared widget (admins only).
        </li>
        <li>
          <Link to="/exports">Your jobs</Link>: exports, PDF reports and imports, live, with their files.
        </li>
      </ul>
    </section>
  );
}

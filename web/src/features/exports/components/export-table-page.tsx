import { useSearchParams } from 'react-router';
import { ExportMenu } from './export-menu';

/**
 * /exports/new?table=seo/keywords&domain=…: exports a research table named by the address, with the Export menu a
 * table screen shows. A link target for "export this table" from anywhere (and the page the end-to-end test uses).
 */
export function ExportTablePage() {
  const [search] = useSearchParams();
  const table = search.get('table') ?? '';
  const params = Object.fromEntries([...search.entries()].filter(([name]) => name !== 'table' && name !== 'totalRows'));
  const totalRows = search.has('totalRows') ? Number(search.get('totalRows')) : undefined;
  return (
    <section className="page exports">
      <h1>Export a table</h1>
      {table ? (
        <>
          <p className="lead">
            <strong data-testid="export-table-name">{table}</strong>{' '}
            {Object.entries(params)
              .map(([name, value]) => `${name}: ${value}`)
              .join(' · ')}
          </p>
          <ExportMenu table={table} params={params} totalRows={totalRows} />
        </>
      ) : (
        <p>Name a table in the address, e.g. /exports/new?table=seo/keywords&amp;domain=example.com.</p>
      )}
    </section>
  );
}

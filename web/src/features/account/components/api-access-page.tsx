import { useState } from 'react';
import { FormMessages } from '@/components/form/form-messages';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { errorsOf } from '@/lib/api-client';
import { curlExample, exampleUrl, useOpenApiDocument, type OpenApiDocument } from '@/lib/openapi-document';
import { useGenerateApiKey } from '../api/generate-api-key';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { useApiMonthlyUsage } from '../api/get-api-monthly-usage';
import { useUserApiInfo } from '../api/get-user-api-info';
import { useAccountInfo } from '../api/get-account-info';

const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The API calls of each month, newest first. */
const usageColumns: SimpleColumn<{ month: string; calls: number }>[] = [
  { header: 'Month', cell: (entry) => monthLabel(entry.month) },
  { header: 'Calls', cell: (entry) => entry.calls.toLocaleString('en-US'), className: 'numeric' },
];

/** A first call to try with the key: the document's first call, on this installation's address. */
function TryIt({ document, apiKey }: { document: OpenApiDocument; apiKey: string }) {
  const first = Object.entries(document.paths)[0];
  if (!first) return null;
  return (
    <>
      <p>Try it:</p>
      <pre className="code-block" data-testid="api-curl-example">
        <code>{curlExample(document, exampleUrl(document, first[0], first[1].get), apiKey)}</code>
      </pre>
    </>
  );
}

/** /account/api: the API key (shown once when generated), a first call to try, revocation and the monthly usage. */
export function ApiAccessPage() {
  const account = useAccountInfo();
  const info = useUserApiInfo();
  const usage = useApiMonthlyUsage();
  const generate = useGenerateApiKey();
  const revoke = useRevokeApiKey();
  const document = useOpenApiDocument();
  const [copied, setCopied] = useState(false);
  const canGenerate = account.data?.isFullUser ?? false;

  const newKey = () => {
    if (info.data?.hasApiKey && !window.confirm('Generate a new key? The current key stops working at once.')) return;
    setCopied(false);
    revoke.reset();
    generate.mutate();
  };
  const revokeKey = () => {
    if (!window.confirm('Revoke the key? Calls with it stop working at once.')) return;
    generate.reset();
    revoke.mutate();
  };
  const copy = async (key: string) => {
    await navigator.clipboard?.writeText(key);
    setCopied(true);
  };

  return (
    <section className="page api-access">
      <h1>API</h1>
      <div className="form">
        <h2>API key</h2>
        <FormMessages formError={null} serverErrors={[...errorsOf(generate.error), ...errorsOf(revoke.error)]} />
        {revoke.isSuccess ? <p role="status">The key was revoked.</p> : null}
        {generate.data ? (
          <div role="status">
            <p>Your new API key. Copy it now: for your security it will not be shown again.</p>
            <p className="secret" data-testid="api-key">{generate.data.apiKey}</p>
            <button type="button" className="button" onClick={() => void copy(generate.data.apiKey)}>
              {copied ? 'Copied' : 'Copy key'}
            </button>
            {document.data ? <TryIt document={document.data} apiKey={generate.data.apiKey} /> : null}
          </div>
        ) : info.data?.hasApiKey ? (
          <p>
            Your key starts with <code>{info.data.apiKeyPrefix}</code> and was created {new Date(info.data.createdAt!).toLocaleDateString('en-US', { dateStyle: 'medium' })}.
          </p>
        ) : info.isSuccess ? (
          <p>You have no API key yet.</p>
        ) : null}
        {canGenerate ? (
          <div className="form__actions">
            <button type="button" className="button button--primary" onClick={newKey} disabled={generate.isPending}>
              {generate.isPending ? 'Generating…' : info.data?.hasApiKey ? 'Generate a new key' : 'Generate API key'}
            </button>
          </div>
        ) : account.isSuccess ? (
          <p>
            API access is part of the full plans. <a href="/upgrade">Upgrade</a> to get a key.
          </p>
        ) : null}
        {info.data?.hasApiKey && !generate.data ? (
          <div className="form__actions">
            <button type="button" className="button" onClick={revokeKey} disabled={revoke.isPending}>
              {revoke.isPending ? 'Revoking…' : 'Revoke key'}
            </button>
          </div>
        ) : null}
      </div>
      <div className="form">
        <h2>Monthly usage</h2>
        {usage.isError ? <p className="notice--error">{errorsOf(usage.error)[0]}</p> : null}
        {usage.data ? (
          <>
            <p>
              {(info.data?.currentMonthUsage ?? usage.data.months.at(-1)?.calls ?? 0).toLocaleString('en-US')} of {usage.data.monthlyLimit.toLocaleString('en-US')} calls
              used this month.
            </p>
            <SimpleTable className="data-table" label="API calls per month" columns={usageColumns} rows={[...usage.data.months].reverse()} rowKey={(entry) => entry.month} />
          </>
        ) : null}
      </div>
    </section>
  );
}

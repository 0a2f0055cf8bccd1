import { keywordsOfText, reconLimits, reconReportTypes, type ReconReport, type ReconReportType } from '@serpwise/contracts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CountrySelector } from '@/components/ui/country-selector/country-selector';
import { TagInput } from '@/components/ui/tag-input';
import { errorsOf } from '@/lib/api-client';
import { RequireLogin } from '@/features/auth';
import { useDeleteReconReport, useReconReport, useSaveReconReport } from '../api/recon';

/** /recon/edit?id=…: every field of a report on one form, plus delete. */
export function ReconEditPage() {
  return (
    <RequireLogin>
      <ReconEdit />
    </RequireLogin>
  );
}

function ReconEdit() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const report = useReconReport(id);
  if (!id) return <ReconMissing />;
  if (report.isPending) return <p className="page">Loading…</p>;
  if (report.isError || !report.data) return <ReconMissing />;
  return <ReconEditForm key={report.data.updatedAt} report={report.data} />;
}

function ReconMissing() {
  return (
    <div className="page recon">
      <h1>Recon report not found</h1>
      <p>
        That recon report does not exist. <Link to="/recon">Back to your reports</Link>
      </p>
    </div>
  );
}

function ReconEditForm({ report }: { report: ReconReport }) {
  const navigate = useNavigate();
  const save = useSaveReconReport();
  const remove = useDeleteReconReport();
  const [type, setType] = useState<ReconReportType>(report.type);
  const [name, setName] = useState(report.name);
  const [primaryDomain, setPrimaryDomain] = useState(report.primaryDomain);
  const [territory, setTerritory] = useState(report.territory);
  const [keywordsCsv, setKeywordsCsv] = useState(report.keywordsCsv);
  const [competitors, setCompetitors] = useState(report.competitors);
  const submit = async () => {
    await save.mutateAsync({ id: report.id, body: { type, name, primaryDomain, territory, keywordsCsv, competitors } });
    navigate(`/recon/live-ranking/${report.id}`);
  };
  return (
    <div className="page recon">
      <h1>Edit {report.name}</h1>
      <form
        className="recon-step"
        onSubmit={(event) => {
          event.preventDefault();
          void submit().catch(() => undefined);
        }}
      >
        <label className="field">
          <span>Report name</span>
          <input value={name} maxLength={reconLimits.nameLength} onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="field">
          <span>Type</span>
          <select value={type} onChange={(event) => setType(event.target.value as ReconReportType)}>
            {reconReportTypes.map((value) => (
              <option key={value} value={value}>
                {value.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Primary domain</span>
          <input value={primaryDomain} onChange={(event) => setPrimaryDomain(event.target.value)} />
        </label>
        <CountrySelector value={territory} onChange={setTerritory} label="Territory" showName />
        <label className="field">
          <span>Keywords, one per line ({keywordsOfText(keywordsCsv).length})</span>
          <textarea rows={10} value={keywordsCsv} onChange={(event) => setKeywordsCsv(event.target.value)} />
        </label>
        <TagInput label="Competitors (domains)" tags={competitors} onChange={(next) => setCompetitors(next.slice(0, reconLimits.competitors))} placeholder="competitor.com" />
        {(save.isError || remove.isError) && (
          <div className="alert alert--error" role="alert">
            {errorsOf(save.error ?? remove.error).map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            Save
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm('Delete this recon report?')) void remove.mutateAsync(report.id).then(() => navigate('/recon'), () => undefined);
            }}
          >
            Delete
          </button>
          <Link to={`/recon/live-ranking/${report.id}`}>Cancel</Link>
        </div>
      </form>
    </div>
  );
}

import { reportBrandMessages, reportDesignMessages, type ReportBrand } from '@serpwise/contracts';
import { useState } from 'react';
import { notify } from '@/components/ui/notifications';
import { errorsOf } from '@/lib/api-client';
import { useActiveState } from '@/features/auth';
import { reportBrandLogoUrl, useMakeDefaultReportBrand, useReportBrands } from '@/features/exports';
import { DeleteReportBrandDialog } from './delete-report-brand-dialog';
import { ReportBrandDialog } from './report-brand-dialog';

/**
 * /account/reportdesign: the brands of the account's white-labelled PDF reports (issue 22 point 2): each with a
 * company name, logo, colours and contact line; one is the default, and each report and schedule picks one. Full
 * recon users only (docs/product/account-exports-reports.md §6); everyone else sees what the plan would give them and
 * the way to upgrade. A team's child account sees its owner's brands and changes none.
 */
export function ReportDesignPage() {
  const { data: state, isSuccess } = useActiveState();
  const isRecon = state?.user.isFullReconUser ?? false;
  return (
    <section className="page report-design">
      <h1>Report design</h1>
      {!isSuccess ? null : isRecon ? <ReportBrands /> : <WhiteLabelUpsell />}
    </section>
  );
}

export function WhiteLabelUpsell() {
  return (
    <div className="form report-design__upsell" data-testid="white-label-upsell">
      <h2>White-label your reports</h2>
      <p>Put your own logo, company name and colours on the PDF reports you send to clients, with no Serpwise branding.</p>
      <p>{reportDesignMessages.reconRequired}</p>
      <div className="form__actions">
        <a className="button button--primary" href="/upgrade">
          Upgrade Now
        </a>
      </div>
    </div>
  );
}

type Editing = { kind: 'new' } | { kind: 'edit'; id: string } | { kind: 'delete'; id: string } | null;

const scheduledReportsText = (count: number) => (count === 1 ? 'Used by 1 scheduled report' : `Used by ${count} scheduled reports`);

function ReportBrands() {
  const brands = useReportBrands(true);
  const makeDefault = useMakeDefaultReportBrand();
  const [editing, setEditing] = useState<Editing>(null);
  if (brands.isError) return <p className="notice--error">{errorsOf(brands.error)[0]}</p>;
  if (!brands.data) return <p>Loading…</p>;
  const { brands: list, canEdit } = brands.data;
  // The dialogs follow the list, so a count or a default that changed meanwhile shows at once.
  const chosen = editing && editing.kind !== 'new' ? list.find((brand) => brand.id === editing.id) : undefined;

  return (
    <>
      <p className="field__hint">
        Reports you export or schedule with “White label” carry one of these brands instead of Serpwise’s: the one you pick, else the default brand.
      </p>
      {canEdit ? null : <p className="field__hint">These are your team owner’s brands: only the owner can change them.</p>}
      <div className="form__actions">
        <h2 className="report-design__heading">Brands</h2>
        {canEdit ? (
          <button type="button" className="button button--primary" onClick={() => setEditing({ kind: 'new' })}>
            New brand
          </button>
        ) : null}
      </div>
      <FormMessagesLine errors={errorsOf(makeDefault.error)} />
      {list.length === 0 ? (
        <p data-testid="no-report-brands">No brands yet: white-labelled reports show no company until you make one.</p>
      ) : (
        <ul className="report-brands">
          {list.map((brand) => (
            <BrandItem
              key={brand.id}
              brand={brand}
              canEdit={canEdit}
              busy={makeDefault.isPending}
              onEdit={() => setEditing({ kind: 'edit', id: brand.id })}
              onDelete={() => setEditing({ kind: 'delete', id: brand.id })}
              onMakeDefault={() => makeDefault.mutate(brand.id, { onSuccess: () => notify(reportBrandMessages.madeDefault, { type: 'success' }) })}
            />
          ))}
        </ul>
      )}
      {editing?.kind === 'new' ? <ReportBrandDialog brand={null} isFirst={list.length === 0} onClose={() => setEditing(null)} /> : null}
      {editing?.kind === 'edit' && chosen ? <ReportBrandDialog brand={chosen} isFirst={false} onClose={() => setEditing(null)} /> : null}
      {editing?.kind === 'delete' && chosen ? <DeleteReportBrandDialog brand={chosen} others={list.filter((brand) => brand.id !== chosen.id)} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function FormMessagesLine({ errors }: { errors: string[] }) {
  return errors.length ? (
    <p className="form__message form__message--error" role="alert">
      {errors[0]}
    </p>
  ) : null;
}

function BrandItem({ brand, canEdit, busy, onEdit, onDelete, onMakeDefault }: { brand: ReportBrand; canEdit: boolean; busy: boolean; onEdit: () => void; onDelete: () => void; onMakeDefault: () => void }) {
  return (
    <li className="report-brand" data-testid="report-brand" aria-label={brand.name}>
      <div className="report-brand__look" style={{ borderTopColor: brand.primaryColor }}>
        {brand.hasLogo ? <img className="report-brand__logo" src={reportBrandLogoUrl(brand)} alt={`${brand.name} logo`} /> : <span className="report-brand__no-logo">No logo</span>}
        <span className="report-brand__swatches" aria-label={`Colours ${brand.primaryColor} and ${brand.accentColor}`} role="img">
          <span style={{ background: brand.primaryColor }} />
          <span style={{ background: brand.accentColor }} />
        </span>
      </div>
      <div className="report-brand__text">
        <strong>{brand.name}</strong> {brand.isDefault ? <span className="badge badge--active">Default</span> : null}
        <p>{brand.companyName || 'No company name'}</p>
        {brand.contactLine ? <p className="field__hint">{brand.contactLine}</p> : null}
        <p className="field__hint">{brand.scheduledReports > 0 ? scheduledReportsText(brand.scheduledReports) : 'Not used by a scheduled report'}</p>
      </div>
      {canEdit ? (
        <div className="report-brand__actions">
          <button type="button" className="button" onClick={onEdit}>
            Edit
          </button>
          {brand.isDefault ? null : (
            <button type="button" className="button" disabled={busy} onClick={onMakeDefault}>
              Make default
            </button>
          )}
          <button type="button" className="button button--danger" onClick={onDelete}>
            Delete
          </button>
        </div>
      ) : null}
    </li>
  );
}

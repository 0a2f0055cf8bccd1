import {
  defaultReportColors,
  reportDesignLimits,
  reportDesignMessages,
  reportLogoLimits,
  validators,
  type FieldValidator,
  type ReportDesignSettings,
} from '@serpwise/contracts';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { FormMessages } from '@/components/form/form-messages';
import { SubmitActions } from '@/components/form/submit-actions';
import { TextField } from '@/components/form/text-field';
import { useValidatedForm } from '@/components/form/use-validated-form';
import { errorsOf } from '@/lib/api-client';
import { useActiveState } from '@/features/auth';
import { reportLogoUrl, useReportDesign } from '../api/get-report-design';
import { useSaveReportDesign } from '../api/save-report-design';
import { useDeleteReportLogo, useUploadReportLogo } from '../api/upload-report-logo';

const hexColor: FieldValidator = (value) => (/^#[0-9a-fA-F]{6}$/.test(value.trim()) ? null : reportDesignMessages.colorInvalid);
const rules = {
  companyName: [validators.maxLength(reportDesignLimits.companyName, reportDesignMessages.companyNameTooLong)],
  primaryColor: [hexColor],
  accentColor: [hexColor],
};
const valuesOf = (design: ReportDesignSettings | undefined) => ({
  companyName: design?.companyName ?? '',
  primaryColor: design?.primaryColor ?? defaultReportColors.primaryColor,
  accentColor: design?.accentColor ?? defaultReportColors.accentColor,
});

/**
 * /account/reportdesign: the white label of the account's PDF reports — logo, company name and colours. Full recon
 * users only (docs/product/account-exports-reports.md §6); everyone else sees what the plan would give them and the way to upgrade.
 */
export function ReportDesignPage() {
  const { data: state, isSuccess } = useActiveState();
  const isRecon = state?.user.isFullReconUser ?? false;
  return (
    <section className="page report-design">
      <h1>Report design</h1>
      {!isSuccess ? null : isRecon ? <ReportDesignEditor /> : <WhiteLabelUpsell />}
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

function ReportDesignEditor() {
  const design = useReportDesign(true);
  if (design.isError) return <p className="notice--error">{errorsOf(design.error)[0]}</p>;
  if (!design.data) return <p>Loading…</p>;
  return (
    <>
      <p className="field__hint">Reports you export with “White label” carry this design instead of Serpwise’s.</p>
      <DesignForm design={design.data} />
      <LogoForm design={design.data} />
    </>
  );
}

interface FieldBinding {
  name: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** A #rrggbb box with a colour picker beside it; both edit the same value. */
function ColorField({ label, field }: { label: string; field: FieldBinding }) {
  const id = useId();
  const valid = /^#[0-9a-fA-F]{6}$/.test(field.value);
  return (
    <div className="report-design__color">
      <TextField label={label} placeholder="#1d4ed8" {...field} />
      <label className="visually-hidden" htmlFor={id}>
        {`${label} picker`}
      </label>
      <input id={id} type="color" className="report-design__swatch" value={valid ? field.value.toLowerCase() : '#000000'} onChange={(event) => field.onChange(event.target.value)} />
    </div>
  );
}

function DesignForm({ design }: { design: ReportDesignSettings }) {
  const form = useValidatedForm(rules, valuesOf(design));
  const save = useSaveReportDesign();
  const [saved, setSaved] = useState<string | null>(null);
  const { values } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    if (!form.validateAll()) return;
    save.mutate(values, { onSuccess: (answer) => { form.reset(valuesOf(answer)); setSaved(reportDesignMessages.saved); } });
  };
  const previewPrimary = /^#[0-9a-fA-F]{6}$/.test(values.primaryColor) ? values.primaryColor : defaultReportColors.primaryColor;
  const previewAccent = /^#[0-9a-fA-F]{6}$/.test(values.accentColor) ? values.accentColor : defaultReportColors.accentColor;

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="report-design-heading">
      <h2 id="report-design-heading">Company and colours</h2>
      <FormMessages formError={form.formError} serverErrors={errorsOf(save.error)} success={saved} />
      <TextField label="Company name" autoComplete="organization" hint="Shown on the cover and at the top of every page." {...form.field('companyName')} />
      <ColorField label="Main colour" field={form.field('primaryColor')} />
      <ColorField label="Accent colour" field={form.field('accentColor')} />
      <div className="report-design__preview" aria-label="Cover preview" role="img" style={{ borderTopColor: previewPrimary }}>
        <span className="report-design__preview-band" style={{ background: previewPrimary }} />
        <strong style={{ color: previewPrimary }}>{values.companyName.trim() || 'Your company'}</strong>
        <span className="report-design__preview-rule" style={{ background: previewAccent }} />
      </div>
      <SubmitActions label="Save design" pending={save.isPending} />
    </form>
  );
}

/** Checks the browser can do before sending (the server checks again, by the file's bytes). */
function logoProblem(file: File): string | null {
  if (!(reportLogoLimits.types as readonly string[]).includes(file.type)) return reportDesignMessages.logoType;
  if (file.size > reportLogoLimits.maxBytes) return reportDesignMessages.logoTooLarge;
  return null;
}

function LogoForm({ design }: { design: ReportDesignSettings }) {
  const upload = useUploadReportLogo();
  const remove = useDeleteReportLogo();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const inputId = useId();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setDone(null);
    upload.reset();
    if (!file) return;
    const message = logoProblem(file);
    setProblem(message);
    if (message) return;
    upload.mutate(file, {
      onSuccess: () => setDone('Your logo has been uploaded.'),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <div className="form" aria-labelledby="report-logo-heading" role="group">
      <h2 id="report-logo-heading">Logo</h2>
      <FormMessages formError={problem} serverErrors={[...errorsOf(upload.error), ...errorsOf(remove.error)]} success={done} />
      {design.hasLogo ? (
        <img className="report-design__logo" src={reportLogoUrl(design.logoUpdatedAt)} alt="Your report logo" />
      ) : (
        <p>No logo yet: the reports show your company name alone.</p>
      )}
      <div className="field">
        <label htmlFor={inputId}>{design.hasLogo ? 'Replace the logo' : 'Upload a logo'}</label>
        <input id={inputId} ref={input} type="file" accept={reportLogoLimits.types.join(',')} onChange={choose} disabled={upload.isPending} />
        <p className="field__hint">PNG or JPEG, at most {reportLogoLimits.maxBytes / 1024} KB. A wide logo on a transparent background prints best.</p>
      </div>
      {design.hasLogo ? (
        <div className="form__actions">
          <button type="button" className="button" disabled={remove.isPending} onClick={() => { setDone(null); remove.mutate(undefined, { onSuccess: () => setDone('Your logo has been removed.') }); }}>
            {remove.isPending ? 'Removing…' : 'Remove logo'}
          </button>
        </div>
      ) : null}
      {upload.isPending ? <p role="status">Uploading…</p> : null}
    </div>
  );
}

import {
  defaultReportColors,
  reportBrandLimits,
  reportBrandMessages,
  reportDesignLimits,
  reportDesignMessages,
  reportLogoLimits,
  validators,
  type FieldValidator,
  type ReportBrand,
} from '@serpwise/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FormMessages } from '@/components/form/form-messages';
import { TextField } from '@/components/form/text-field';
import { useValidatedForm } from '@/components/form/use-validated-form';
import { FormModalFooter, Modal } from '@/components/ui/modal';
import { notify } from '@/components/ui/notifications';
import { errorsOf } from '@/lib/api-client';
import { reportBrandLogoUrl, useCreateReportBrand, useDeleteReportBrandLogo, useSaveReportBrand, useUploadReportBrandLogo } from '@/features/exports';

const isHexColor = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value.trim());
const hexColor: FieldValidator = (value) => (isHexColor(value) ? null : reportDesignMessages.colorInvalid);
const rules = {
  name: [validators.required(reportBrandMessages.nameRequired), validators.maxLength(reportBrandLimits.name, reportBrandMessages.nameTooLong)],
  companyName: [validators.maxLength(reportDesignLimits.companyName, reportDesignMessages.companyNameTooLong)],
  primaryColor: [hexColor],
  accentColor: [hexColor],
  contactLine: [validators.maxLength(reportBrandLimits.contactLine, reportBrandMessages.contactLineTooLong)],
};
const valuesOf = (brand: ReportBrand | null) => ({
  name: brand?.name ?? '',
  companyName: brand?.companyName ?? '',
  primaryColor: brand?.primaryColor ?? defaultReportColors.primaryColor,
  accentColor: brand?.accentColor ?? defaultReportColors.accentColor,
  contactLine: brand?.contactLine ?? '',
});

/** Checks the browser can do before sending (the server checks again, by the file's bytes). */
function logoProblem(file: File): string | null {
  if (!(reportLogoLimits.types as readonly string[]).includes(file.type)) return reportDesignMessages.logoType;
  if (file.size > reportLogoLimits.maxBytes) return reportDesignMessages.logoTooLarge;
  return null;
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
  return (
    <div className="report-design__color">
      <TextField label={label} placeholder="#1d4ed8" {...field} />
      <label className="visually-hidden" htmlFor={id}>
        {`${label} picker`}
      </label>
      <input id={id} type="color" className="report-design__swatch" value={isHexColor(field.value) ? field.value.trim().toLowerCase() : '#000000'} onChange={(event) => field.onChange(event.target.value)} />
    </div>
  );
}

/**
 * Creates a brand (brand = null) or edits one: its name in the lists, the company name, colours and contact line its
 * reports carry, whether it is the default, and its logo. A logo chosen here is uploaded once the brand is saved.
 */
export function ReportBrandDialog({ brand, isFirst, onClose }: { brand: ReportBrand | null; isFirst: boolean; onClose: () => void }) {
  const form = useValidatedForm(rules, valuesOf(brand));
  const create = useCreateReportBrand();
  const save = useSaveReportBrand();
  const upload = useUploadReportBrandLogo();
  const removeLogo = useDeleteReportBrandLogo();
  const [makeDefault, setMakeDefault] = useState(false);
  const [logo, setLogo] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A new brand saved whose logo upload then failed: the next Save edits it instead of making another.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const logoId = useId();
  const id = brand?.id ?? createdId;
  const pending = create.isPending || save.isPending || upload.isPending;
  const { values } = form;

  const chooseLogo = (file: File | undefined) => {
    upload.reset();
    setLogo(file ?? null);
    setProblem(file ? logoProblem(file) : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validateAll() || problem) return;
    const fields = { ...values, ...(makeDefault ? { isDefault: true } : {}) };
    try {
      const saved = id ? await save.mutateAsync({ id, brand: fields }) : await create.mutateAsync(fields);
      if (!id) setCreatedId(saved.id);
      if (logo) await upload.mutateAsync({ id: saved.id, file: logo });
      notify(id ? reportBrandMessages.saved : reportBrandMessages.created, { type: 'success' });
      onClose();
    } catch {
      // The refusal shows in the dialog (the mutations' errors); nothing else to do.
    }
  };

  const preview = { primary: isHexColor(values.primaryColor) ? values.primaryColor : defaultReportColors.primaryColor, accent: isHexColor(values.accentColor) ? values.accentColor : defaultReportColors.accentColor };
  const title = brand ? `Edit brand “${brand.name}”` : 'New brand';
  const serverErrors = [create.error, save.error, upload.error, removeLogo.error].flatMap((error) => errorsOf(error));

  return (
    <Modal open title={title} onClose={onClose} footer={<FormModalFooter formId="report-brand-form" submitLabel={pending ? 'Saving…' : brand ? 'Save brand' : 'Create brand'} disabled={pending} onCancel={onClose} />}>
      <form id="report-brand-form" className="form" onSubmit={(event) => void submit(event)} noValidate>
        <FormMessages formError={form.formError} serverErrors={serverErrors} />
        <TextField label="Brand name" hint="How the brand is listed when you pick one for a report." {...form.field('name')} />
        <TextField label="Company name" autoComplete="organization" hint="Shown on the cover and at the top of every page." {...form.field('companyName')} />
        <ColorField label="Main colour" field={form.field('primaryColor')} />
        <ColorField label="Accent colour" field={form.field('accentColor')} />
        <TextField label="Contact line" hint="Printed at the foot of the report and the e-mail, e.g. your address or phone number." {...form.field('contactLine')} />
        {brand?.isDefault || isFirst ? (
          <p className="field__hint">{isFirst ? 'Your first brand is your default brand.' : 'This is your default brand.'}</p>
        ) : (
          <label className="checkbox">
            <input type="checkbox" checked={makeDefault} onChange={(event) => setMakeDefault(event.target.checked)} /> Make this the default brand
          </label>
        )}
        <div className="report-design__preview" aria-label="Cover preview" role="img" style={{ borderTopColor: preview.primary }}>
          <span className="report-design__preview-band" style={{ background: preview.primary }} />
          <strong style={{ color: preview.primary }}>{values.companyName.trim() || 'Your company'}</strong>
          <span className="report-design__preview-rule" style={{ background: preview.accent }} />
        </div>
        {brand?.hasLogo ? <img className="report-design__logo" src={reportBrandLogoUrl(brand)} alt={`${brand.name} logo`} /> : null}
        <div className="field">
          <label htmlFor={logoId}>{brand?.hasLogo ? 'Replace the logo' : 'Logo'}</label>
          <input id={logoId} type="file" accept={reportLogoLimits.types.join(',')} onChange={(event) => chooseLogo(event.target.files?.[0])} disabled={pending} />
          <p className="field__hint">PNG or JPEG, at most {reportLogoLimits.maxBytes / 1024} KB. A wide logo on a transparent background prints best.</p>
          {problem ? (
            <p className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        {brand?.hasLogo ? (
          <div className="form__actions">
            <button type="button" className="button" disabled={removeLogo.isPending} onClick={() => removeLogo.mutate(brand.id, { onSuccess: () => notify('The logo has been removed.', { type: 'success' }) })}>
              {removeLogo.isPending ? 'Removing…' : 'Remove logo'}
            </button>
          </div>
        ) : null}
      </form>
    </Modal>
  );
}

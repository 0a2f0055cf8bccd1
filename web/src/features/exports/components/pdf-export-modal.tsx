import {
  isProjectReportSection,
  pdfExportMessages,
  reportMessages,
  reportDesigns,
  reportSections,
  reportTemplates,
  reportTemplateSections,
  reportTextLimits,
  styleIdOfReportDesign,
  type ExportableElement,
  type PdfExportStatus,
  type PdfReportFrequency,
  type ReportDesign,
  type ReportTemplate,
} from '@serpwise/contracts';
import { useState, type FormEvent } from 'react';
import { FormMessages } from '@/components/form/form-messages';
import { optionsOf, SelectField } from '@/components/form/select-field';
import { TextareaWithCounter } from '@/components/form/textarea-with-counter';
import { FormModalFooter, Modal } from '@/components/ui/modal';
import { notify } from '@/components/ui/notifications';
import { errorsOf } from '@/lib/api-client';
import { useActiveState } from '@/features/auth';
import { useProjects } from '@/features/projects';
import { brandOptions, useReportBrands } from '../api/report-brands';
import { newPdfSessionId, useSendPdfExport, type PdfExportMode } from '../api/pdf-export';
import { useExportNotices } from './export-notices';
import { newScheduleTiming, ReportDeliveryFields } from './report-delivery-fields';
import { InputField } from '@/components/form/input-field';

export interface PdfExportModalProps {
  /** The domain the report is about; empty with `chooseDomain`: the user types it (the Custom reports page). */
  domain: string;
  countryCode: string;
  /** Show a Domain field (the report builder opened from the Custom reports page, issue 22 point 7). */
  chooseDomain?: boolean;
  /** What the builder starts with (a Custom reports card). */
  initialTemplate?: ReportTemplate;
  initialDesign?: ReportDesign;
  /** A brand to start with (white label on); absent: the default brand. */
  initialBrandId?: string;
  /** The screen it was opened on (the PDF export state's sectionName). */
  sectionName?: string;
  onClose: () => void;
}

const templateOptions = optionsOf(reportTemplates);
const designOptions = optionsOf(reportDesigns);
const modeLabels: Record<PdfExportMode, string> = { download: 'Download', email: 'Email only', schedule: 'Schedule' };

/** The template's sections, selected, in its order; the rest after them, unselected. */
const elementsOf = (template: ReportTemplate): ExportableElement[] => {
  const chosen = reportTemplateSections[template];
  // A domain's report: the project sections need a project (the groups panel's "Create PDF Report" asks for them).
  const rest = reportSections.map((section) => section.printId).filter((id) => !chosen.includes(id) && !isProjectReportSection(id));
  return [...chosen, ...rest].map((printId, order) => ({ printId, isSelected: chosen.includes(printId), order }));
};

const titleOf = (printId: string) => reportSections.find((section) => section.printId === printId)?.title ?? printId;

/**
 * The PDF export modal (docs/product/account-exports-reports.md §2, §3 PDF export state, §4 PDF export modes): template and design, the texts, the
 * sections in their order, white label for full recon users, and where it goes — Download (followed as 'Generating
 * PDF…' → 'Exported PDF'), Email only, or Schedule (WEEKLY or MONTHLY, optionally saving a project alert).
 */
export function PdfExportModal({ domain: givenDomain, countryCode, sectionName, chooseDomain = false, initialTemplate = 'Comprehensive', initialDesign = 'Surf', initialBrandId, onClose }: PdfExportModalProps) {
  const { data: state } = useActiveState();
  const isRecon = state?.user.isFullReconUser ?? false;
  const [typedDomain, setTypedDomain] = useState(givenDomain);
  const domain = chooseDomain ? typedDomain.trim() : givenDomain;
  const [template, setTemplate] = useState<ReportTemplate>(initialTemplate);
  const [design, setDesign] = useState<ReportDesign>(initialDesign);
  const [chosenBrandId, setBrandId] = useState<string | null>(initialBrandId ?? null);
  const brands = useReportBrands(isRecon);
  // The brand sent: the user's choice, else the default one.
  const brandId = chosenBrandId ?? brands.data?.brands.find((brand) => brand.isDefault)?.id ?? '';
  const [recipientProblem, setRecipientProblem] = useState<string | null>(null);
  const [customTitle, setCustomTitle] = useState('');
  const [preparedBy, setPreparedBy] = useState('');
  const [preparedFor, setPreparedFor] = useState('');
  const [comments, setComments] = useState('');
  const [elements, setElements] = useState<ExportableElement[]>(() => elementsOf(initialTemplate));
  const [whiteLabel, setWhiteLabel] = useState(initialBrandId !== undefined);
  const [mode, setMode] = useState<PdfExportMode>('download');
  const [emailCsv, setEmailCsv] = useState('');
  const [sendReportToSelf, setSendReportToSelf] = useState(true);
  const [frequency, setFrequency] = useState<PdfReportFrequency>('WEEKLY');
  const [timing, setTiming] = useState(newScheduleTiming);
  const [sendAlerts, setSendAlerts] = useState(false);
  const [chosenProjectId, setProjectId] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const projects = useProjects(mode === 'schedule' || mode === 'email');
  // The alert's project: the user's choice, else the project tracking this domain.
  const projectId = chosenProjectId ?? projects.data?.find((project) => project.primaryDomainName === domain)?.id ?? '';
  const send = useSendPdfExport();
  const notices = useExportNotices();

  const chooseTemplate = (next: ReportTemplate) => {
    setTemplate(next);
    setElements(elementsOf(next));
  };
  const toggle = (printId: string) => setElements((current) => current.map((element) => (element.printId === printId ? { ...element, isSelected: !element.isSelected } : element)));
  const move = (index: number, by: -1 | 1) =>
    setElements((current) => {
      const next = [...current];
      const target = index + by;
      if (target < 0 || target >= next.length) return current;
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next.map((element, order) => ({ ...element, order }));
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const alert = mode !== 'download' && sendAlerts;
    const problem = !domain
      ? reportMessages.domainRequired
      : mode !== 'download' && recipientProblem
        ? recipientProblem
        : alert && !projectId
          ? pdfExportMessages.alertProject
          : null;
    setFormError(problem);
    if (problem) return;
    const sessionId = newPdfSessionId();
    const fields: Record<string, string> = {
      sessionId,
      itemName: domain,
      countryCode,
      sectionName: sectionName ?? '',
      template,
      styleId: String(styleIdOfReportDesign(design)),
      customTitle,
      preparedBy,
      preparedFor,
      comments,
      elements: JSON.stringify(elements),
      whiteLabel: String(isRecon && whiteLabel),
      ...(isRecon && whiteLabel && brandId ? { brandId } : {}),
      sendByEmail: String(mode === 'email'),
      scheduleReport: String(mode === 'schedule'),
      sendReportToSelf: String(mode !== 'download' && sendReportToSelf),
      emailCsv: mode === 'download' ? '' : emailCsv,
      ...(mode === 'schedule' ? { frequency, dayOfWeek: String(timing.dayOfWeek), dayOfMonth: String(timing.dayOfMonth), time: timing.time, timeZone: timing.timeZone } : {}),
      sendAlerts: String(alert),
      ...(alert ? { alertConfig: JSON.stringify({ projectId }) } : {}),
    };
    send.mutate(
      { mode, fields },
      {
        onSuccess: (answer) => {
          onClose();
          if (mode === 'download') notices.followPdf(answer as PdfExportStatus);
          else if (mode === 'email') notify(`${pdfExportMessages.emailed} It goes to ${[...(sendReportToSelf ? ['you'] : []), ...(emailCsv.trim() ? [emailCsv.trim()] : [])].join(' and ')}.`, { type: 'success' });
          else notify(pdfExportMessages.scheduled, { type: 'success', action: '/account/scheduled-pdf-reports', actionText: 'See scheduled reports' });
        },
      },
    );
  };

  const footer = (
    <FormModalFooter
      formId="pdf-export-form"
      submitLabel={mode === 'download' ? 'Export PDF' : mode === 'email' ? 'Send PDF' : 'Schedule report'}
      disabled={send.isPending || !elements.some((element) => element.isSelected)}
      onCancel={onClose}
    />
  );

  return (
    <Modal open title={chooseDomain ? 'Create a PDF report' : `PDF report for ${domain}`} onClose={onClose} footer={footer} size="large">
      <form id="pdf-export-form" className="form pdf-export" onSubmit={submit} noValidate>
        <div className="pdf-export__columns">
          <div>
            {chooseDomain && <InputField label="Domain" value={typedDomain} placeholder="client.com" onChange={setTypedDomain} />}
            <SelectField label="Template" value={template} options={templateOptions} onChange={(value) => value && chooseTemplate(value)} />
            <SelectField label="Design" value={design} options={designOptions} onChange={(value) => value && setDesign(value)} />
            <InputField label="Custom title" value={customTitle} maxLength={reportTextLimits.title} placeholder={`${template} Report for ${domain}`} onChange={setCustomTitle} />
            <InputField label="Prepared by" value={preparedBy} maxLength={reportTextLimits.preparedBy} onChange={setPreparedBy} />
            <InputField label="Prepared for" value={preparedFor} maxLength={reportTextLimits.preparedFor} onChange={setPreparedFor} />
            <TextareaWithCounter label="Comments" value={comments} onChange={setComments} maxLength={reportTextLimits.comments} />
            {isRecon && (
              <label className="checkbox">
                <input type="checkbox" checked={whiteLabel} onChange={(event) => setWhiteLabel(event.target.checked)} /> White label (your brands from{' '}
                <a href="/account/reportdesign">Report design</a>)
              </label>
            )}
            {isRecon && whiteLabel && (brands.data?.brands.length ?? 0) > 0 && (
              <SelectField
                label="Brand"
                value={brandId}
                options={brandOptions(brands.data?.brands ?? [])}
                onChange={(value) => value && setBrandId(value)}
              />
            )}
          </div>
          <fieldset className="pdf-export__sections">
            <legend>Sections</legend>
            <ol>
              {elements.map((element, index) => (
                <li key={element.printId}>
                  <label className="checkbox">
                    <input type="checkbox" checked={element.isSelected} onChange={() => toggle(element.printId)} /> {titleOf(element.printId)}
                  </label>
                  <span className="pdf-export__order">
                    <button type="button" className="button button--small button--ghost" aria-label={`Move ${titleOf(element.printId)} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                      ↑
                    </button>
                    <button type="button" className="button button--small button--ghost" aria-label={`Move ${titleOf(element.printId)} down`} disabled={index === elements.length - 1} onClick={() => move(index, 1)}>
                      ↓
                    </button>
                  </span>
                </li>
              ))}
            </ol>
          </fieldset>
        </div>

        <fieldset className="pdf-export__modes">
          <legend>Send</legend>
          {(Object.keys(modeLabels) as PdfExportMode[]).map((value) => (
            <label key={value} className="radio">
              <input type="radio" name="pdf-mode" value={value} checked={mode === value} onChange={() => setMode(value)} /> {modeLabels[value]}
            </label>
          ))}
        </fieldset>

        {mode !== 'download' && (
          <div className="pdf-export__delivery">
            <ReportDeliveryFields
              {...(mode === 'schedule' ? { frequency, onFrequency: setFrequency, timing, onTiming: setTiming } : {})}
              sendReportToSelf={sendReportToSelf}
              onSendReportToSelf={setSendReportToSelf}
              emailCsv={emailCsv}
              onEmailCsv={setEmailCsv}
              onRecipientProblem={setRecipientProblem}
            />
            <label className="checkbox">
              <input type="checkbox" checked={sendAlerts} onChange={(event) => setSendAlerts(event.target.checked)} /> Save as a project alert
            </label>
            {sendAlerts && (
              <SelectField
                label="Project"
                value={projectId}
                empty="Select a project"
                options={(projects.data ?? []).map((project) => ({ value: project.id, label: project.projectName }))}
                onChange={setProjectId}
              />
            )}
          </div>
        )}
        <FormMessages formError={formError} serverErrors={errorsOf(send.error)} />
      </form>
    </Modal>
  );
}

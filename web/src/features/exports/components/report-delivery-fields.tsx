import { pdfReportFrequencies, type PdfReportFrequency } from '@serpwise/contracts';
import { useId } from 'react';

/** How the page names a frequency: reports go out on Mondays or on the 1st (docs/decisions.md). */
export const frequencyLabel = (frequency: PdfReportFrequency) => (frequency === 'WEEKLY' ? 'Weekly (Mondays)' : 'Monthly (the 1st)');

export interface ReportDeliveryFieldsProps {
  /** Absent: no frequency (a one-off e-mail). */
  frequency?: PdfReportFrequency;
  onFrequency?: (frequency: PdfReportFrequency) => void;
  sendReportToSelf: boolean;
  onSendReportToSelf: (value: boolean) => void;
  emailCsv: string;
  onEmailCsv: (value: string) => void;
}

/** Where an e-mailed or scheduled report goes: the frequency, the user's own address, the others (emailCsv). */
export function ReportDeliveryFields({ frequency, onFrequency, sendReportToSelf, onSendReportToSelf, emailCsv, onEmailCsv }: ReportDeliveryFieldsProps) {
  const id = useId();
  return (
    <>
      {frequency && onFrequency && (
        <div className="field">
          <label htmlFor={`${id}-frequency`}>Frequency</label>
          <select id={`${id}-frequency`} value={frequency} onChange={(event) => onFrequency(event.target.value as PdfReportFrequency)}>
            {pdfReportFrequencies.map((value) => (
              <option key={value} value={value}>
                {frequencyLabel(value)}
              </option>
            ))}
          </select>
        </div>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={sendReportToSelf} onChange={(event) => onSendReportToSelf(event.target.checked)} /> Send the report to me
      </label>
      <div className="field">
        <label htmlFor={`${id}-recipients`}>Other recipients</label>
        <input id={`${id}-recipients`} value={emailCsv} placeholder="name@client.com, other@client.com" onChange={(event) => onEmailCsv(event.target.value)} />
      </div>
    </>
  );
}

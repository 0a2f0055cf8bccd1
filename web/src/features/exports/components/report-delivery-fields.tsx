import { defaultScheduleTiming, pdfExportMessages, isKnownTimeZone, isValidEmail, normalizeEmail, lastScheduleDayOfMonth, pdfReportFrequencies, scheduleDayNames, type PdfReportFrequency, type ScheduleTiming } from '@serpwise/contracts';
import { useId } from 'react';
import { optionsOf, SelectField } from '@/components/form/select-field';
import { TagInput } from '@/components/ui/tag-input';

/** How the page names a frequency (the day is its own field since issue 22). */
export const frequencyLabel = (frequency: PdfReportFrequency) => (frequency === 'WEEKLY' ? 'Weekly' : 'Monthly');
const frequencyOptions = optionsOf(pdfReportFrequencies, frequencyLabel);

const weekdayOptions = scheduleDayNames.map((name, day) => ({ value: String(day), label: name }));
const monthDayOptions = Array.from({ length: lastScheduleDayOfMonth }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));

/**
 * What is wrong with the text still in the recipients box, judged as it is typed rather than when the box commits it on
 * blur: a click on Save blurs the box and submits in one gesture, before a problem found by that commit would reach the form.
 */
function recipientProblemOf(pending: string): string | null {
  const invalid = pending.split(',').map((entry) => entry.trim()).filter((entry) => entry && !isValidEmail(normalizeEmail(entry)));
  return invalid.length ? `${pdfExportMessages.recipientInvalid} (${invalid.join(', ')})` : null;
}

/** The browser's own zone: where a new schedule's time is read unless the user picks another (a client's). */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnownTimeZone(zone) ? zone : defaultScheduleTiming.timeZone;
}

/** The timing a new schedule starts from: Monday / the 1st at 06:00 in the browser's zone. */
export const newScheduleTiming = (): ScheduleTiming => ({ ...defaultScheduleTiming, timeZone: browserTimeZone() });

/** Every IANA zone the browser knows (UTC first), with the schedule's own kept even if this browser lacks it. */
function timeZoneOptions(current: string) {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
  if (!all.includes(current)) all.unshift(current);
  return all.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

export interface ReportDeliveryFieldsProps {
  /** Absent: no frequency (a one-off e-mail). */
  frequency?: PdfReportFrequency;
  onFrequency?: (frequency: PdfReportFrequency) => void;
  /** With a frequency: the day, time and time zone it goes out (issue 22). */
  timing?: ScheduleTiming;
  onTiming?: (timing: ScheduleTiming) => void;
  sendReportToSelf: boolean;
  onSendReportToSelf: (value: boolean) => void;
  emailCsv: string;
  onEmailCsv: (value: string) => void;
  /** Told when the recipients box holds an address that is not valid (the message to refuse saving with), or null. */
  onRecipientProblem?: (message: string | null) => void;
}

/** The other recipients as tags: the comma-separated emailCsv the forms send. */
const tagsOf = (emailCsv: string) => emailCsv.split(/[,;\n]/).map((part) => part.trim()).filter(Boolean);

/** When a schedule goes out: the day of the week or month, the time, the time zone. */
function ScheduleTimingFields({ frequency, timing, onTiming }: { frequency: PdfReportFrequency; timing: ScheduleTiming; onTiming: (timing: ScheduleTiming) => void }) {
  const timeId = useId();
  return (
    <div className="schedule-timing">
      {frequency === 'WEEKLY' ? (
        <SelectField label="Day" value={String(timing.dayOfWeek)} options={weekdayOptions} onChange={(value) => value && onTiming({ ...timing, dayOfWeek: Number(value) })} />
      ) : (
        <SelectField label="Day of the month" value={String(timing.dayOfMonth)} options={monthDayOptions} onChange={(value) => value && onTiming({ ...timing, dayOfMonth: Number(value) })} />
      )}
      <div className="field">
        <label htmlFor={timeId}>Time</label>
        <input id={timeId} type="time" required value={timing.time} onChange={(event) => event.target.value && onTiming({ ...timing, time: event.target.value })} />
      </div>
      <SelectField label="Time zone" value={timing.timeZone} options={timeZoneOptions(timing.timeZone)} onChange={(value) => value && onTiming({ ...timing, timeZone: value })} />
    </div>
  );
}

/** Where an e-mailed or scheduled report goes: the frequency and its timing, the user's own address, the others (emailCsv). */
export function ReportDeliveryFields({ frequency, onFrequency, timing, onTiming, sendReportToSelf, onSendReportToSelf, emailCsv, onEmailCsv, onRecipientProblem }: ReportDeliveryFieldsProps) {
  return (
    <>
      {frequency && onFrequency && (
        <SelectField label="Frequency" value={frequency} options={frequencyOptions} onChange={(value) => value && onFrequency(value)} />
      )}
      {frequency && timing && onTiming && <ScheduleTimingFields frequency={frequency} timing={timing} onTiming={onTiming} />}
      <label className="checkbox">
        <input type="checkbox" checked={sendReportToSelf} onChange={(event) => onSendReportToSelf(event.target.checked)} /> Send the report to me
      </label>
      <TagInput
        label="Other recipients"
        mode="email"
        tags={tagsOf(emailCsv)}
        onChange={(tags) => onEmailCsv(tags.join(', '))}
        placeholder="name@client.com, other@client.com"
        hint="Press Enter or type a comma after each address."
        onPendingChange={({ text }) => onRecipientProblem?.(recipientProblemOf(text))}
      />
    </>
  );
}

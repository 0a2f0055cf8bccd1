import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { TextareaWithCounter } from '@/components/form/textarea-with-counter';
import { WizardSteps } from '@/components/form/wizard-steps';
import { CardForm } from '@/components/ui/card-form';
import { checkDateRange } from '@/components/ui/date-format';
import { DateRange } from '@/components/ui/date-range';
import { Icon } from '@/components/ui/icons/icon';
import { Modal } from '@/components/ui/modal';
import { notify, notifications } from '@/components/ui/notifications';
import { PercentageGauge } from '@/components/ui/percentage-gauge';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SearchableDropdown } from '@/components/ui/searchable-dropdown';
import { Spinner, spinnerSizes, type SpinnerSize } from '@/components/ui/spinner';
import { StarRating } from '@/components/ui/star-rating';
import { TagInput } from '@/components/ui/tag-input';
import { Tabs } from '@/components/ui/tabs';

export interface GallerySection {
  id: string;
  title: string;
  /** The documented rules the widget follows, in one line. */
  rules: string;
  /** Where the widget lives. */
  source: string;
  /** A live example; absent while another part of the product still builds the widget. */
  Demo?: ComponentType;
  pendingNote?: string;
}

function TabsDemo() {
  const [active, setActive] = useState<string | null>(null);
  const [hideFirst, setHideFirst] = useState(false);
  return (
    <>
      <label className="checkbox">
        <input type="checkbox" checked={hideFirst} onChange={(event) => setHideFirst(event.target.checked)} /> Hide “Keywords”
      </label>
      <Tabs
        label="Demo tabs"
        active={active}
        onChange={setActive}
        tabs={[
          { id: 'keywords', label: 'Keywords', hidden: hideFirst, content: <p>Keywords panel.</p> },
          { id: 'pages', label: 'Pages', content: <p>Pages panel.</p> },
          { id: 'links', label: 'Backlinks', content: <p>Backlinks panel.</p> },
        ]}
      />
      <p className="gallery__note">Last change: {active ?? 'none yet'}</p>
    </>
  );
}

function TagInputDemo() {
  const [words, setWords] = useState(['seo', 'ppc']);
  const [emails, setEmails] = useState<string[]>(['ada@example.com']);
  return (
    <>
      <TagInput label="Keywords (Enter adds)" tags={words} onChange={setWords} />
      <TagInput label="Recipients (e-mail mode, commas split)" mode="email" tags={emails} onChange={setEmails} placeholder="name@example.com, …" />
    </>
  );
}

function TextareaDemo() {
  const [long, setLong] = useState('');
  const [short, setShort] = useState('Type past forty characters to see the message.');
  return (
    <>
      <TextareaWithCounter label="Default limit (1770)" value={long} onChange={setLong} />
      <TextareaWithCounter label="Limit 40" maxLength={40} value={short} onChange={setShort} />
    </>
  );
}

function StarRatingDemo() {
  const [value, setValue] = useState(2);
  return (
    <div className="gallery__row">
      <StarRating label="Read-only" value={1} />
      <StarRating label="Choose a rating" value={value} onChange={setValue} />
      <StarRating label="Out of 5" value={4} max={5} />
    </div>
  );
}

const wizardLabels = ['Your details', 'Your website', 'Your goals'];

function WizardDemo() {
  const [current, setCurrent] = useState(1);
  return (
    <>
      <WizardSteps steps={wizardLabels} current={current} completed={(index) => index < current} />
      <div className="actions">
        <button type="button" className="button" disabled={current === 0} onClick={() => setCurrent(current - 1)}>
          Back
        </button>
        <button type="button" className="button" disabled={current === wizardLabels.length - 1} onClick={() => setCurrent(current + 1)}>
          Next
        </button>
      </div>
    </>
  );
}

function ModalDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Open modal
      </button>
      <Modal
        open={open}
        title="A modal"
        onClose={() => setOpen(false)}
        footer={
          <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
            Done
          </button>
        }
      >
        <p>Escape or a click on the backdrop closes it.</p>
      </Modal>
    </>
  );
}

function DropdownDemo() {
  const [groups, setGroups] = useState(['Brand terms', 'Competitors', 'Long tail', 'Questions', 'Seasonal', 'Shoes', 'Socks']);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <>
      <SearchableDropdown
        label="Keyword group"
        placeholder="Search or create a group"
        options={groups}
        value={chosen}
        onSelect={setChosen}
        onCreate={(name) => {
          setGroups([...groups, name]);
          setChosen(name);
        }}
      />
      <p className="gallery__note">Chosen: {chosen ?? 'none'}</p>
    </>
  );
}

function SpinnerDemo() {
  return (
    <div className="gallery__row">
      {(Object.keys(spinnerSizes) as SpinnerSize[]).map((size) => (
        <figure key={size} className="gallery__figure">
          <Spinner size={size} label={`Loading (${size})`} />
          <figcaption>
            {size} · {spinnerSizes[size]} px
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

function NotificationsDemo() {
  function pdf() {
    const id = notify('Generating PDF…', { timeout: null, actionIcon: 'file' });
    setTimeout(() => notifications.update(id, 'Exported PDF', { type: 'success', timeout: undefined, action: '/icons', actionText: 'Open PDF in New Tab', actionIcon: 'external-link' }), 3000);
  }
  return (
    <div className="actions">
      <button type="button" className="button" onClick={() => notify('Saved. This note leaves after 8 seconds; hover to keep it.')}>
        Info
      </button>
      <button type="button" className="button" onClick={() => notify('New group successfully added', { type: 'success' })}>
        Success
      </button>
      <button type="button" className="button" onClick={() => notify('There was a problem removing the user.', { type: 'error' })}>
        Error
      </button>
      <button type="button" className="button" onClick={pdf}>
        Export notice
      </button>
    </div>
  );
}

function GaugeDemo() {
  const [value, setValue] = useState(42);
  return (
    <>
      <div className="gallery__row">
        <PercentageGauge label="Demo value" value={value} />
        <PercentageGauge label="Empty" value={0} size={48} />
        <PercentageGauge label="Full" value={100} size={48} />
      </div>
      <label className="field">
        Value ({value})
        <input type="range" min={-20} max={120} value={value} onChange={(event) => setValue(Number(event.target.value))} />
      </label>
    </>
  );
}

const demoStart = '01/05/2026';
const demoEnd = '02/01/2026';

function DateRangeDemo() {
  const [text, setText] = useState(() => checkDateRange(demoStart, demoEnd).range?.text ?? null);
  return (
    <>
      <DateRange legend="Report period" defaultStart={demoStart} defaultEnd={demoEnd} onChange={(range) => setText(range?.text ?? null)} />
      <p className="gallery__note">Owner receives: {text ?? 'no valid range'}</p>
    </>
  );
}

function CardFormDemo() {
  return (
    <CardForm
      submitLabel="Check card"
      onSubmit={(card) => notify(`The card ending in ${card.number.slice(-4)} passes the form rules (nothing was sent).`, { type: 'success' })}
    />
  );
}

function ProgressDemo() {
  return <ProgressBar percent={65} label="Demo progress" />;
}

function IconsDemo() {
  return (
    <p>
      <Icon name="search" /> <Icon name="download" /> <Icon name="spreadsheet" /> <Icon name="external-link" /> … see <Link to="/icons">the icon set</Link>.
    </p>
  );
}

/**
 * Every shared widget, in the order of docs/product/account-exports-reports.md §2. To add one: write its entry here with a Demo (replacing its pending
 * entry when there is one); the /components page and its test pick it up.
 */
export const gallerySections: GallerySection[] = [
  { id: 'tabs', title: 'Tabs', rules: 'One active; choosing emits a change; the first visible tab is chosen when none is; panels slide by tab order.', source: 'components/ui/tabs.tsx', Demo: TabsDemo },
  { id: 'tag-input', title: 'Tag input', rules: 'Trimmed, blanks ignored; duplicates (case-insensitive) and invalid addresses flash for 800 ms; e-mail mode splits on commas.', source: 'components/ui/tag-input.tsx', Demo: TagInputDemo },
  { id: 'textarea', title: 'Textarea with counter', rules: "Limited to 1770 by default; shows N/max and 'The max number of characters is N'.", source: 'components/form/textarea-with-counter.tsx', Demo: TextareaDemo },
  { id: 'star-rating', title: 'Star rating', rules: 'Active stars out of 3 by default.', source: 'components/ui/star-rating.tsx', Demo: StarRatingDemo },
  { id: 'pagination', title: 'Pagination', rules: 'Start row ≥ 1; 500 ms debounce; 20, 50, 100, 250, 500 or 1000 rows (20 by default).', source: 'components/ui (research screens)', pendingNote: 'Built with the research screens.' },
  { id: 'table', title: 'Table with sortable columns', rules: 'Text: none → asc → desc; numbers: none → desc → asc; empty values first or last.', source: 'components/ui (research screens)', pendingNote: 'Built with the research screens.' },
  { id: 'wizard-steps', title: 'Wizard steps', rules: 'Each step is active, complete or incomplete.', source: 'components/form/wizard-steps.tsx', Demo: WizardDemo },
  { id: 'modal', title: 'Modal', rules: 'Closes on Escape or a backdrop click.', source: 'components/ui/modal.tsx', Demo: ModalDemo },
  { id: 'country-selector', title: 'Country selector', rules: "Searchable; 'Select Country'; 'No matches found.'; UK shows the gb flag; keyboard.", source: 'components/ui (site and landing pages)', pendingNote: 'Built with the site and landing pages.' },
  { id: 'searchable-dropdown', title: 'Searchable dropdown', rules: "At most 5 suggestions; '(create new)' only when the text matches no option exactly; arrows and Enter select.", source: 'components/ui/searchable-dropdown.tsx', Demo: DropdownDemo },
  { id: 'spinner', title: 'Spinner', rules: 'x-small 16, small 24, medium 60, large 84 px.', source: 'components/ui/spinner.tsx', Demo: SpinnerDemo },
  { id: 'alerts', title: 'Alerts (notifications)', rules: 'Leave after 8000 ms; hovering pauses; they leave 1000 ms after the mouse leaves.', source: 'components/ui/notifications.ts, notification-stack.tsx', Demo: NotificationsDemo },
  { id: 'percentage-gauge', title: 'Percentage gauge', rules: 'Value 0-100.', source: 'components/ui/percentage-gauge.tsx', Demo: GaugeDemo },
  { id: 'date-range', title: 'Date range', rules: "MM/DD/YYYY in, 'MMM Do, YYYY' out; invalid dates and an end before the start are refused.", source: 'components/ui/date-range.tsx', Demo: DateRangeDemo },
  { id: 'card-form', title: 'Credit card form', rules: 'Type from the prefix; 13-16 digits; 3-4 digit code; 15 expiry years from last year.', source: 'components/ui/card-form.tsx', Demo: CardFormDemo },
  { id: 'column-picker', title: 'Column picker', rules: "A match type changes only on a visible column: 'Add X to your columns (above) before you adjust the match type.'", source: 'components/ui (research screens)', pendingNote: 'Built with the research screens.' },
  { id: 'progress-bar', title: 'Progress bar', rules: 'Job progress, 0-100.', source: 'components/ui/progress-bar.tsx', Demo: ProgressDemo },
  { id: 'icons', title: 'Icons', rules: 'Inline SVG in the text colour.', source: 'components/ui/icons', Demo: IconsDemo },
];

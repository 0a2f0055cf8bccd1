import { useId, useState, type FormEvent } from 'react';
import {
  accountMessages,
  detectCardType,
  expirationYears,
  normalizeCardNumber,
  validateCardForm,
  type CardField,
  type CardFormValues,
  type CardInput,
} from '@serpwise/contracts';
import { FormMessages } from '../form/form-messages';
import { TextField } from '../form/text-field';

export interface CardFormProps {
  submitLabel: string;
  sending?: boolean;
  errors?: string[];
  onSubmit: (card: CardInput) => void;
  /** Shown above the submit button (plan summary, coupon field). */
  children?: React.ReactNode;
}

const months = Array.from({ length: 12 }, (_, index) => index + 1);

/**
 * The credit card form (docs/product/account-exports-reports.md §5): type detected from the number prefix, 13-16 digits after stripping non-digits,
 * a 3-4 digit security code, month 1-12 and 15 years from the previous year. Messages show after blur; an
 * invalid submit says 'Please check the fields marked in red.'
 */
export function CardForm({ submitLabel, sending = false, errors = [], onSubmit, children }: CardFormProps) {
  const id = useId();
  const [values, setValues] = useState<CardFormValues>({ name: '', number: '', securityCode: '', expirationMonth: null, expirationYear: null });
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const problems = validateCardForm(values);
  const shown = (field: CardField) => (touched[field] ? (problems[field] ?? null) : null);
  const type = detectCardType(values.number);
  const set = (field: CardField, value: string | number | null) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFormError(null);
  };
  const blur = (field: CardField) => () => setTouched((current) => ({ ...current, [field]: true }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ name: true, number: true, securityCode: true, expirationMonth: true, expirationYear: true });
    if (Object.keys(problems).length) {
      setFormError(accountMessages.formInvalid);
      return;
    }
    onSubmit({
      name: values.name.trim(),
      number: normalizeCardNumber(values.number),
      securityCode: values.securityCode.trim(),
      expirationMonth: values.expirationMonth!,
      expirationYear: values.expirationYear!,
    });
  }

  return (
    <form className="card-form" onSubmit={submit} noValidate aria-label="Payment card">
      <TextField label="Name on card" autoComplete="cc-name" value={values.name} name="name" onChange={(value) => set('name', value)} onBlur={blur('name')} error={shown('name')} />
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        value={values.number}
        name="number"
        onChange={(value) => set('number', value)}
        onBlur={blur('number')}
        error={shown('number')}
        hint={type ? `Card type: ${type}` : 'Visa, MasterCard, Discover or American Express'}
      />
      <div className="card-form__row">
        <div className={`field${shown('expirationMonth') ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-month`}>Expiration month</label>
          <select
            id={`${id}-month`}
            value={values.expirationMonth ?? ''}
            onChange={(e) => set('expirationMonth', e.target.value ? Number(e.target.value) : null)}
            onBlur={blur('expirationMonth')}
          >
            <option value="">MM</option>
            {months.map((month) => (
              <option key={month} value={month}>
                {String(month).padStart(2, '0')}
              </option>
            ))}
          </select>
          {shown('expirationMonth') && <p className="field__error">{shown('expirationMonth')}</p>}
        </div>
        <div className={`field${shown('expirationYear') ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-year`}>Expiration year</label>
          <select
            id={`${id}-year`}
            value={values.expirationYear ?? ''}
            onChange={(e) => set('expirationYear', e.target.value ? Number(e.target.value) : null)}
            onBlur={blur('expirationYear')}
          >
            <option value="">YYYY</option>
            {expirationYears().map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
          {shown('expirationYear') && <p className="field__error">{shown('expirationYear')}</p>}
        </div>
        <TextField
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={values.securityCode}
          name="securityCode"
          onChange={(value) => set('securityCode', value)}
          onBlur={blur('securityCode')}
          error={shown('securityCode')}
        />
      </div>
      {children}
      <FormMessages formError={formError} serverErrors={errors} />
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? 'Sending…' : submitLabel}
      </button>
    </form>
  );
}

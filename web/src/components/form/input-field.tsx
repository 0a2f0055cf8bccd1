import { useId } from 'react';

export interface InputFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  required?: boolean;
}

/**
 * A labelled text input of a form that checks nothing as the user types (a report's title, a project's name); a
 * field with validation messages is a TextField.
 */
export function InputField({ label, value, onChange, placeholder, maxLength, required }: InputFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} placeholder={placeholder} maxLength={maxLength} required={required} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

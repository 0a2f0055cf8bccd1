import { useCallback, useMemo, useState } from 'react';
import { accountMessages } from '@serpwise/contracts';

export type Validator = (value: string, all: Record<string, string>) => string | null;

/**
 * Form state with the documented behaviour (01-product.md §5): a field's message appears after it has been blurred;
 * submitting validates every field and, if one fails, says 'Please check the fields marked in red.'
 */
export function useFormFields<Name extends string>(validators: Record<Name, Validator>, initial?: Partial<Record<Name, string>>) {
  const names = Object.keys(validators) as Name[];
  const [values, setValues] = useState(() => Object.fromEntries(names.map((name) => [name, initial?.[name] ?? ''])) as Record<Name, string>);
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const errorOf = useCallback((name: Name) => validators[name](values[name], values), [validators, values]);
  const errors = useMemo(
    () => Object.fromEntries(names.map((name) => [name, touched[name] ? errorOf(name) : null])) as Record<Name, string | null>,
    [names, touched, errorOf],
  );

  const field = (name: Name) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setFormError(null);
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    'aria-invalid': errors[name] ? true : undefined,
  });

  /** Marks every field touched; true when all are valid. */
  const validateAll = () => {
    setTouched(Object.fromEntries(names.map((name) => [name, true])) as Record<Name, boolean>);
    const valid = names.every((name) => errorOf(name) === null);
    setFormError(valid ? null : accountMessages.formInvalid);
    return valid;
  };

  const reset = () => {
    setValues(Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>);
    setTouched({});
  };

  return { values, errors, field, validateAll, formError, setFormError, reset };
}

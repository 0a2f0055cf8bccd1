import { accountMessages, validateField, type FieldValidator } from '@serpwise/contracts';
import { useCallback, useMemo, useState } from 'react';

/**
 * Form state with the documented validation behaviour (docs/product/account-exports-reports.md §4, §5): a field shows its message after it loses focus
 * (and keeps checking as the user types), submit checks every field, and an invalid submit shows
 * 'Please check the fields marked in red.'.
 */
export function useValidatedForm<K extends string>(rules: Record<K, FieldValidator[]>, initial: Record<K, string>) {
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const errors = useMemo(() => {
    const all = values as Record<string, string>;
    const result: Partial<Record<K, string>> = {};
    for (const name of Object.keys(rules) as K[]) {
      const message = validateField(values[name], rules[name], all);
      if (message) result[name] = message;
    }
    return result;
  }, [rules, values]);

  const setValue = useCallback((name: K, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setFormError(null);
  }, []);

  /** Runs every rule and marks every field; false (with the form message) when one fails. */
  const validateAll = useCallback((): boolean => {
    setTouched(Object.fromEntries(Object.keys(rules).map((name) => [name, true])) as Partial<Record<K, boolean>>);
    const valid = Object.keys(errors).length === 0;
    setFormError(valid ? null : accountMessages.formInvalid);
    return valid;
  }, [errors, rules]);

  const reset = useCallback((next: Record<K, string>) => {
    setValues(next);
    setTouched({});
    setFormError(null);
  }, []);

  const field = (name: K) => ({
    name,
    value: values[name],
    error: touched[name] ? (errors[name] ?? null) : null,
    onChange: (value: string) => setValue(name, value),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
  });

  return { values, setValue, errors, validateAll, reset, field, formError };
}

// A labelled native select (the most robust choice on phones and with screen readers) and a
// labelled multi-line text area, with hint and inline error like TextField. Spread a
// react-hook-form `register()` result into them.
import type { Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './text-field';

interface FieldProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>, FieldProps {
  /** The first, empty choice ('Scegli…'). */
  placeholder: string;
  options: readonly { value: string; label: string }[];
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({
  label,
  hint,
  error,
  placeholder,
  options,
  required,
  ref,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <select {...select} ref={ref} {...control}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>, FieldProps {
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, hint, error, required, ref, ...area }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} required={required}>
      {(control) => <textarea {...area} ref={ref} {...control} />}
    </FieldFrame>
  );
}

// A labelled text input with an optional hint and an inline error, both tied to the input with
// aria-describedby. Spread a react-hook-form `register()` result into it (ref included).
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './text-field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

export function TextField({ label, hint, error, className, required, ref, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => <input {...input} ref={ref} {...control} />}
    </FieldFrame>
  );
}

/** What ties a control to its frame: its id, required, and the invalid marker and descriptions. */
export interface FieldControlProps {
  id: string;
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A field's frame: label (with the required mark) and hint, the control it is given, inline error. */
export function FieldFrame({
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  label: string;
  hint: string | undefined;
  error: string | undefined;
  required: boolean | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  return (
    <div className={className ? `form__field ${className}` : 'form__field'}>
      <FieldHead id={id} hintId={hintId} label={label} hint={hint} required={required} />
      {children({
        id,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** Ids tying a field's input to its hint and error (`aria-describedby`). */
export function useFieldIds(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return { id, hintId, errorId, describedBy };
}

/** A field's label (with the required mark) and hint, above its input. */
export function FieldHead({
  id,
  hintId,
  label,
  hint,
  required,
}: {
  id: string;
  hintId: string;
  label: string;
  hint: string | undefined;
  required: boolean | undefined;
}) {
  return (
    <>
      <label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint ? (
        <p id={hintId} className="form__hint">
          {hint}
        </p>
      ) : null}
    </>
  );
}

/** The asterisk of a required field; the input's `required` already tells screen readers. */
export function RequiredMark() {
  return (
    <span className="form__required" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="form__error">
      {error}
    </p>
  );
}

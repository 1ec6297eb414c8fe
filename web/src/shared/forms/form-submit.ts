// The submit handler every form uses: react-hook-form validates, then either runs `onValid` or
// moves focus to the first invalid field in reading order (react-hook-form would follow
// registration order, where combobox fields come last). Forms set `shouldFocusError: false`.
import type { FormEvent } from 'react';
import type { FieldValues, SubmitHandler, UseFormHandleSubmit } from 'react-hook-form';
import { focusFirstError } from './focus-first-error';

export function formSubmit<Input extends FieldValues, Output>(
  handleSubmit: UseFormHandleSubmit<Input, Output>,
  onValid: SubmitHandler<Output>,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    void handleSubmit(onValid, () => focusFirstError(form))(event);
  };
}

// After a refused submit, focus goes to the first invalid field in reading order (react-hook-form
// would follow registration order, where the combobox fields come last).
export function focusFirstError(form: HTMLFormElement): void {
  // The invalid markers render after the errors are set.
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

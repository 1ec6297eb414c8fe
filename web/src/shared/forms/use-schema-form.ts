// The one way to make a form: react-hook-form checked by the form's zod/mini schema, with the house
// settings fixed here. Fields are checked on the first submit, then again as they change (nothing
// turns red while the user is still typing for the first time). Focus after a refused submit is
// `formSubmit`'s (first invalid field in reading order), so react-hook-form's own focus is off.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod/mini';

export type FormSchema = z.ZodMiniType<FieldValues, FieldValues>;

export interface SchemaFormOptions {
  /** 'all' keeps every failed rule of a field (errors[field].types), not only the first. */
  criteriaMode?: 'firstError' | 'all';
}

/** A form whose values are the schema's input and whose submit handler gets the schema's output. */
export function useSchemaForm<Schema extends FormSchema>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  options: SchemaFormOptions = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    ...options,
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues,
  });
}

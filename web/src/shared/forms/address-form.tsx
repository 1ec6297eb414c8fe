// An Italian address with suggestions from the address service: town and street are comboboxes;
// choosing a town fills its province (and its postal code when it has one). Before `onValid` runs,
// the address check must score at least 50 (SPEC §5), otherwise the 'Indirizzo non valido' popup
// asks to try again and the form keeps everything typed. A street the town's street list lacks is
// not refused (ADR 026): the customer confirms its normalised form and it goes on unverified. Used
// for shipping addresses (supplies, profile) and the delegate's address at registration.
import { addressService } from '@sportello/contract';
import { isAddressAccepted, refusedAddressParts, type AddressPart } from '@sportello/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import * as z from 'zod/mini';
import { callApi } from '../api/api-client';
import {
  STREET_SEARCH_MIN_LENGTH,
  streetSuggestionsQuery,
  TOWN_SEARCH_MIN_LENGTH,
  townSuggestionsQuery,
} from './address-suggestions';
import { Combobox, type ComboboxOption } from './combobox';
import { RequiredNote } from './form-actions';
import { formSubmit } from './form-submit';
import { t } from './i18n';
import {
  civicNumberField,
  formMessages,
  optionalText,
  postalCodeField,
  provinceField,
  requiredText,
} from './rules';
import { setServerErrors } from './server-errors';
import { TextField } from './text-field';
import { useDebouncedValue } from './use-debounced-value';
import { useSchemaForm } from './use-schema-form';

// The dialogs (and Radix with them) load only when an address is not verified.
const AddressInvalidDialog = lazy(() =>
  import('./address-invalid-dialog').then((module) => ({ default: module.AddressInvalidDialog })),
);
const AddressUnverifiedDialog = lazy(() =>
  import('./address-invalid-dialog').then((module) => ({ default: module.AddressUnverifiedDialog })),
);

type Town = z.infer<typeof addressService.townSchema>;

const SEARCH_DELAY_MS = 250;

export const addressFormSchema = z.object({
  city: requiredText(100, formMessages.cityRequired),
  province: provinceField(),
  streetName: requiredText(100, formMessages.addressRequired),
  civicNumber: civicNumberField(),
  civicNumberExt: optionalText(10),
  postalCode: postalCodeField(),
  locality: optionalText(100),
  building: optionalText(20),
  floor: optionalText(10),
  flatNumber: optionalText(10),
});

export type AddressInput = z.input<typeof addressFormSchema>;
type FormOutput = z.output<typeof addressFormSchema>;
/** An address the check has passed, with the ISTAT code of its town when known. */
export type CheckedAddress = FormOutput & { istatCode: string | null };
const FIELDS = Object.keys(addressFormSchema.shape) as (keyof AddressInput)[];

const EMPTY: AddressInput = {
  city: '',
  province: '',
  streetName: '',
  civicNumber: '',
  civicNumberExt: '',
  postalCode: '',
  locality: '',
  building: '',
  floor: '',
  flatNumber: '',
};

/** The town or the street: a combobox of the address service's suggestions for the text typed. */
function SuggestionField<Suggestion>({
  control,
  name,
  label,
  hint,
  error,
  suggestions,
  toOption,
  onChoose,
  searchable,
  loading,
}: {
  control: Control<AddressInput, unknown, FormOutput>;
  name: 'city' | 'streetName';
  label: string;
  hint: string;
  error: string | undefined;
  suggestions: readonly Suggestion[];
  toOption: (suggestion: Suggestion) => ComboboxOption;
  onChoose: (suggestion: Suggestion) => void;
  searchable: boolean;
  loading: boolean;
}) {
  const options = suggestions.map(toOption);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Combobox
          label={label}
          hint={hint}
          error={error}
          required
          name={field.name}
          ref={field.ref}
          value={field.value}
          onInputChange={field.onChange}
          onBlur={field.onBlur}
          onSelect={(option) => {
            const chosen = suggestions[options.findIndex((candidate) => candidate.id === option.id)];
            if (chosen !== undefined) onChoose(chosen);
          }}
          options={options}
          searchable={searchable}
          loading={loading}
          texts={{
            searching: t('forms.address.searching'),
            noResults: t('forms.address.no_results'),
            results: (count) => t('forms.address.results', { count }),
          }}
        />
      )}
    />
  );
}

const sameName = (a: string, b: string) =>
  a.trim().localeCompare(b.trim(), 'it', { sensitivity: 'base' }) === 0;

export function AddressForm({
  initial,
  details = false,
  onValid,
  actions,
}: {
  initial?: Partial<AddressInput>;
  /** Also ask civic-number suffix, staircase, floor, flat and locality (a postal address). */
  details?: boolean;
  /** Runs with a checked address; a server refusal goes back to the fields through `refuse`. */
  onValid: (
    address: CheckedAddress,
    refuse: (failure: unknown, fieldPrefix?: string) => void,
  ) => Promise<void>;
  /** The form's buttons, given whether it is being sent. */
  actions: (submitting: boolean) => ReactNode;
}) {
  /** The fields a refused address has wrong, while the 'Indirizzo non valido' popup is open. */
  const [refused, setRefused] = useState<AddressPart[] | null>(null);
  /** The unverified address waiting for the customer's confirmation, with its normalised line. */
  const [unverified, setUnverified] = useState<{ values: CheckedAddress; line: string } | null>(null);
  const [chosenTown, setChosenTown] = useState<Town | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    setFocus,
    formState: { errors, isSubmitting, isSubmitted },
  } = useSchemaForm(addressFormSchema, { ...EMPTY, ...initial });

  const city = useWatch({ control, name: 'city' }).trim();
  const province = useWatch({ control, name: 'province' }).trim();
  const street = useWatch({ control, name: 'streetName' }).trim();
  const searchedCity = useDebouncedValue(city, SEARCH_DELAY_MS);
  const towns = useQuery(townSuggestionsQuery(searchedCity));
  // The town the street search and the request refer to: the one picked from the list, or one
  // whose name was typed in full.
  const town =
    chosenTown && sameName(chosenTown.name, city)
      ? chosenTown
      : (towns.data?.find(
          (candidate) =>
            sameName(candidate.name, city) && (!province || sameName(candidate.province, province)),
        ) ?? null);
  const searchedStreet = useDebouncedValue(street, SEARCH_DELAY_MS);
  const streets = useQuery(streetSuggestionsQuery(town?.tKey ?? null, searchedStreet));

  const update = (name: keyof AddressInput, value: string) =>
    setValue(name, value, { shouldValidate: isSubmitted, shouldDirty: true });

  const chooseTown = (chosen: Town) => {
    setChosenTown(chosen);
    update('city', chosen.name);
    update('province', chosen.province);
    // Another town's CAP never stays behind: the town's only CAP, or the one typed if it is the
    // town's, or none (the customer types it).
    const [onlyCode, ...others] = chosen.postalCodes;
    if (onlyCode && others.length === 0) update('postalCode', onlyCode);
    else if (!chosen.postalCodes.includes(getValues('postalCode').trim())) update('postalCode', '');
  };

  const onSubmit = async (values: FormOutput) => {
    // SPEC §5: the check runs for country IT and company SGR.
    const check = await callApi(addressService.checkAddress, {
      body: {
        city: values.city,
        province: values.province,
        postalCode: values.postalCode,
        streetName: values.streetName,
        civicNumber: values.civicNumber,
        country: 'IT',
        company: 'SGR',
      },
    }).catch(() => null);
    // A failed call has shown its popup; the form keeps what the user typed.
    if (!check) return;
    if (!isAddressAccepted(check.verdict)) {
      const parts = refusedAddressParts(check.details);
      for (const part of parts) setError(part, { message: t(`forms.address.refused.${part}`) });
      setRefused(parts);
      return;
    }
    const checked = { ...values, istatCode: town?.istatCode ?? check.town?.istatCode ?? null };
    if (check.verdict === 'unverified') {
      setUnverified({ values: checked, line: check.normalised ?? '' });
      return;
    }
    await send(checked);
  };

  const send = (address: CheckedAddress) =>
    onValid(address, (failure, prefix) => setServerErrors(failure, setError, FIELDS, prefix));

  const optional = (name: keyof AddressInput, label: string) => (
    <TextField label={label} error={errors[name]?.message} autoComplete="off" {...register(name)} />
  );

  const civicNumber = (
    <TextField
      label={t('forms.address.civic_number')}
      error={errors.civicNumber?.message}
      required
      autoComplete="off"
      {...register('civicNumber')}
    />
  );

  return (
    <>
      <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
        <RequiredNote />
        <SuggestionField
          control={control}
          name="city"
          label={t('forms.address.town')}
          hint={t('forms.address.town_hint')}
          error={errors.city?.message}
          suggestions={towns.data ?? []}
          toOption={(candidate) => ({
            id: candidate.tKey,
            label: candidate.name,
            detail: candidate.province,
          })}
          onChoose={chooseTown}
          searchable={city.length >= TOWN_SEARCH_MIN_LENGTH}
          loading={towns.isFetching || searchedCity !== city}
        />
        <div className="form-row form-row--2">
          <TextField
            label={t('forms.address.province')}
            error={errors.province?.message}
            required
            maxLength={2}
            autoCapitalize="characters"
            autoComplete="off"
            {...register('province')}
          />
          <TextField
            label={t('forms.address.postal_code')}
            error={errors.postalCode?.message}
            required
            inputMode="numeric"
            maxLength={5}
            autoComplete="postal-code"
            {...register('postalCode')}
          />
        </div>
        <SuggestionField
          control={control}
          name="streetName"
          label={t('forms.address.street')}
          hint={t('forms.address.street_hint')}
          error={errors.streetName?.message}
          suggestions={streets.data ?? []}
          toOption={(candidate) => ({
            id: candidate.name,
            label: candidate.name,
            detail: candidate.postalCode ?? undefined,
          })}
          onChoose={(chosen) => {
            update('streetName', chosen.name);
            if (chosen.postalCode) update('postalCode', chosen.postalCode);
          }}
          searchable={town !== null && street.length >= STREET_SEARCH_MIN_LENGTH}
          loading={streets.isFetching || searchedStreet !== street}
        />
        {details ? (
          <>
            <div className="form-row form-row--2">
              {civicNumber}
              {optional('civicNumberExt', t('forms.address.civic_number_ext'))}
            </div>
            <div className="form-row form-row--3">
              {optional('building', t('forms.address.building'))}
              {optional('floor', t('forms.address.floor'))}
              {optional('flatNumber', t('forms.address.flat_number'))}
            </div>
            {optional('locality', t('forms.address.locality'))}
          </>
        ) : (
          civicNumber
        )}
        {actions(isSubmitting)}
      </form>
      {refused ? (
        <Suspense fallback={null}>
          <AddressInvalidDialog
            open
            problems={refused.map((part) => t(`forms.address.refused.${part}`))}
            onRetry={() => {
              setRefused(null);
              // Back to the first field to correct, its message beside it: once the closing dialog
              // has given focus back to its opener (a task of its own), the field takes it.
              const first = refused[0];
              if (first) setTimeout(() => setTimeout(() => setFocus(first), 0), 0);
            }}
          />
        </Suspense>
      ) : null}
      {unverified ? (
        <Suspense fallback={null}>
          <AddressUnverifiedDialog
            line={unverified.line}
            onCorrect={() => setUnverified(null)}
            onConfirm={async () => {
              setUnverified(null);
              await send(unverified.values);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

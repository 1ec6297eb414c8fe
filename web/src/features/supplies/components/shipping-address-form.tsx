// The new shipping address of a contract. Town and street come with suggestions from the address
// service; before sending, the address check must score at least 50 (SPEC §5), otherwise the
// 'Indirizzo non valido' popup asks to try again and the form keeps everything typed.
import { zodResolver } from '@hookform/resolvers/zod';
import { addressService, type erpSupplies } from '@sportello/contract';
import { isAddressCheckPassed, isRequestSuccess } from '@sportello/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { callApi } from '../../../shared/api/api-client';
import { Combobox, type ComboboxTexts } from '../../../shared/forms/combobox';
import { FormActions, RequiredNote } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import {
  formMessages,
  optionalText,
  postalCodeField,
  provinceField,
  requiredText,
} from '../../../shared/forms/rules';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { TextField } from '../../../shared/forms/text-field';
import { useDebouncedValue } from '../../../shared/forms/use-debounced-value';
import type { Feedback } from '../../../shared/ui/feedback-panel';
import { showPopup } from '../../../shared/ui/popup-store';
import { requestShippingAddress } from '../api/mutations';
import {
  STREET_SEARCH_MIN_LENGTH,
  streetSuggestionsQuery,
  TOWN_SEARCH_MIN_LENGTH,
  townSuggestionsQuery,
} from '../api/queries';
import { t } from '../i18n';
import { supplyRoutes } from '../routes';

// The dialog (and Radix with it) loads only when an address fails the check.
const AddressInvalidDialog = lazy(() =>
  import('./address-invalid-dialog').then((module) => ({ default: module.AddressInvalidDialog })),
);

type Town = z.infer<typeof addressService.townSchema>;

const SEARCH_DELAY_MS = 250;

export const shippingAddressFormSchema = z.object({
  city: requiredText(100, formMessages.cityRequired),
  province: provinceField(),
  streetName: requiredText(100, formMessages.addressRequired),
  civicNumber: requiredText(10, formMessages.civicNumberRequired),
  civicNumberExt: optionalText(10),
  postalCode: postalCodeField(),
  locality: optionalText(100),
  building: optionalText(20),
  floor: optionalText(10),
  flatNumber: optionalText(10),
});

type FormInput = z.input<typeof shippingAddressFormSchema>;
type FormOutput = z.output<typeof shippingAddressFormSchema>;
const FIELDS = Object.keys(shippingAddressFormSchema.shape) as (keyof FormInput)[];

const sameName = (a: string, b: string) =>
  a.trim().localeCompare(b.trim(), 'it', { sensitivity: 'base' }) === 0;

function initialValues(address: erpSupplies.ShippingAddress | null): FormInput {
  return {
    city: address?.city ?? '',
    province: address?.province ?? '',
    streetName: address ? [address.streetGeneric, address.streetName].filter(Boolean).join(' ') : '',
    civicNumber: address?.civicNumber ?? '',
    civicNumberExt: address?.civicNumberExt ?? '',
    postalCode: address?.postalCode ?? '',
    locality: address?.locality ?? '',
    building: address?.building ?? '',
    floor: address?.floor ?? '',
    flatNumber: address?.flatNumber ?? '',
  };
}

export function ShippingAddressForm({
  supply,
  contract,
  onDone,
}: {
  supply: erpSupplies.Supply;
  contract: erpSupplies.Contract;
  onDone: (feedback: Feedback) => void;
}) {
  const request = useMutation(requestShippingAddress);
  const [invalidOpen, setInvalidOpen] = useState(false);
  const [chosenTown, setChosenTown] = useState<Town | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(shippingAddressFormSchema),
    shouldFocusError: false,
    defaultValues: initialValues(contract.shippingAddress),
  });

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

  const texts: ComboboxTexts = {
    searching: t('supplies.shipping.searching'),
    noResults: t('supplies.shipping.no_results'),
    results: (count) => t('supplies.shipping.results', { count }),
  };
  const update = (name: keyof FormInput, value: string) =>
    setValue(name, value, { shouldValidate: isSubmitted, shouldDirty: true });

  const chooseTown = (chosen: Town) => {
    setChosenTown(chosen);
    update('city', chosen.name);
    update('province', chosen.province);
    const [onlyCode, ...others] = chosen.postalCodes;
    if (onlyCode && others.length === 0) update('postalCode', onlyCode);
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
    if (!isAddressCheckPassed(check.score)) {
      setInvalidOpen(true);
      return;
    }
    const created = await request
      .mutateAsync({
        body: {
          contractKey: contract.key,
          shippingAddress: {
            streetGeneric: null,
            streetName: values.streetName,
            civicNumber: values.civicNumber,
            civicNumberExt: values.civicNumberExt || null,
            city: values.city,
            province: values.province,
            postalCode: values.postalCode,
            locality: values.locality || null,
            istatCode: town?.istatCode ?? check.town?.istatCode ?? null,
            country: 'IT',
            floor: values.floor || null,
            building: values.building || null,
            flatNumber: values.flatNumber || null,
          },
        },
      })
      .catch((failure: unknown) => {
        setServerErrors(failure, setError, FIELDS, 'shippingAddress.');
        return null;
      });
    if (!created) return;
    if (!isRequestSuccess(created.id)) {
      showPopup();
      return;
    }
    onDone({
      title: t('supplies.shipping.success_title'),
      description: t('supplies.shipping.success_text'),
      actions: [{ label: t('supplies.back_to_supply'), to: supplyRoutes.detail.to({ id: supply.id }) }],
    });
  };

  return (
    <>
      <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
        <RequiredNote />
        <Controller
          control={control}
          name="city"
          render={({ field }) => (
            <Combobox
              label={t('supplies.shipping.town')}
              hint={t('supplies.shipping.town_hint')}
              error={errors.city?.message}
              required
              name={field.name}
              ref={field.ref}
              value={field.value}
              onInputChange={field.onChange}
              onBlur={field.onBlur}
              onSelect={(option) => {
                const chosen = towns.data?.find((candidate) => candidate.tKey === option.id);
                if (chosen) chooseTown(chosen);
              }}
              options={(towns.data ?? []).map((candidate) => ({
                id: candidate.tKey,
                label: candidate.name,
                detail: candidate.province,
              }))}
              searchable={city.length >= TOWN_SEARCH_MIN_LENGTH}
              loading={towns.isFetching || searchedCity !== city}
              texts={texts}
            />
          )}
        />
        <div className="form-row form-row--2">
          <TextField
            label={t('supplies.shipping.province')}
            error={errors.province?.message}
            required
            maxLength={2}
            autoCapitalize="characters"
            autoComplete="off"
            {...register('province')}
          />
          <TextField
            label={t('supplies.shipping.postal_code')}
            error={errors.postalCode?.message}
            required
            inputMode="numeric"
            maxLength={5}
            autoComplete="postal-code"
            {...register('postalCode')}
          />
        </div>
        <Controller
          control={control}
          name="streetName"
          render={({ field }) => (
            <Combobox
              label={t('supplies.shipping.street')}
              hint={t('supplies.shipping.street_hint')}
              error={errors.streetName?.message}
              required
              name={field.name}
              ref={field.ref}
              value={field.value}
              onInputChange={field.onChange}
              onBlur={field.onBlur}
              onSelect={(option) => {
                const chosen = streets.data?.find((candidate) => candidate.name === option.id);
                if (!chosen) return;
                update('streetName', chosen.name);
                if (chosen.postalCode) update('postalCode', chosen.postalCode);
              }}
              options={(streets.data ?? []).map((candidate) => ({
                id: candidate.name,
                label: candidate.name,
                detail: candidate.postalCode ?? undefined,
              }))}
              searchable={town !== null && street.length >= STREET_SEARCH_MIN_LENGTH}
              loading={streets.isFetching || searchedStreet !== street}
              texts={texts}
            />
          )}
        />
        <div className="form-row form-row--2">
          <TextField
            label={t('supplies.shipping.civic_number')}
            error={errors.civicNumber?.message}
            required
            autoComplete="off"
            {...register('civicNumber')}
          />
          <TextField
            label={t('supplies.shipping.civic_number_ext')}
            error={errors.civicNumberExt?.message}
            autoComplete="off"
            {...register('civicNumberExt')}
          />
        </div>
        <div className="form-row form-row--3">
          <TextField
            label={t('supplies.shipping.building')}
            error={errors.building?.message}
            autoComplete="off"
            {...register('building')}
          />
          <TextField
            label={t('supplies.shipping.floor')}
            error={errors.floor?.message}
            autoComplete="off"
            {...register('floor')}
          />
          <TextField
            label={t('supplies.shipping.flat_number')}
            error={errors.flatNumber?.message}
            autoComplete="off"
            {...register('flatNumber')}
          />
        </div>
        <TextField
          label={t('supplies.shipping.locality')}
          error={errors.locality?.message}
          autoComplete="off"
          {...register('locality')}
        />
        <FormActions submitting={isSubmitting} cancelTo={supplyRoutes.detail.to({ id: supply.id })} />
      </form>
      {invalidOpen ? (
        <Suspense fallback={null}>
          <AddressInvalidDialog open onRetry={() => setInvalidOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

// The new shipping address of a contract. Town and street come with suggestions from the address
// service; before sending, the address check must score at least 50 (SPEC §5), otherwise the
// 'Indirizzo non valido' popup asks to try again and the form keeps everything typed.
import { zodResolver } from '@hookform/resolvers/zod';
import type { addressService, erpSupplies } from '@sportello/contract';
import { isAddressCheckPassed, isRequestSuccess, isRequired, isValidPostalCode } from '@sportello/domain';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { t } from '../i18n';
import * as z from 'zod/mini';
import { setFeedback } from '../../../shared/state/app-store';
import { Combobox, type ComboboxTexts } from '../../../shared/ui/combobox';
import { showPopup } from '../../../shared/ui/popup-store';
import { TextField } from '../../../shared/ui/text-field';
import { checkAddress } from '../api/check-address';
import { STREET_SEARCH_MIN_LENGTH, useStreetSuggestions } from '../api/get-street';
import { TOWN_SEARCH_MIN_LENGTH, useTownSuggestions } from '../api/get-town';
import { useRequestShippingAddress } from '../api/request-shipping-address';
import { supplyPath } from '../supply-paths';
import { useDebouncedValue } from '../use-debounced-value';
import { AddressInvalidDialog } from './address-invalid-dialog';
import { FormActions } from './form-actions';
import { focusFirstError } from '../focus-first-error';

type Town = z.infer<typeof addressService.townSchema>;

const SEARCH_DELAY_MS = 250;

const required = (message: string, max: number) =>
  z.pipe(z.string().check(z.trim(), z.refine(isRequired, message)), z.string().check(z.maxLength(max)));
const optional = (max: number) => z.string().check(z.trim(), z.maxLength(max));

export const shippingAddressFormSchema = z.object({
  city: required(t('supplies.shipping.errors.city_required'), 100),
  province: z.pipe(
    z.string().check(
      z.trim(),
      z.refine(isRequired, t('supplies.shipping.errors.province_required')),
      z.refine(
        (value) => !isRequired(value) || /^[A-Za-z]{2}$/.test(value),
        t('supplies.shipping.errors.invalid_province'),
      ),
    ),
    z.transform((value) => value.toUpperCase()),
  ),
  streetName: required(t('supplies.shipping.errors.address_required'), 100),
  civicNumber: required(t('supplies.shipping.errors.civic_number_required'), 10),
  civicNumberExt: optional(10),
  postalCode: z.string().check(
    z.trim(),
    z.refine(isRequired, t('supplies.shipping.errors.postal_code_required')),
    z.refine(
      (value) => !isRequired(value) || isValidPostalCode(value),
      t('supplies.shipping.errors.invalid_postal_code'),
    ),
  ),
  locality: optional(100),
  building: optional(20),
  floor: optional(10),
  flatNumber: optional(10),
});

type FormInput = z.input<typeof shippingAddressFormSchema>;
type FormOutput = z.output<typeof shippingAddressFormSchema>;

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
}: {
  supply: erpSupplies.Supply;
  contract: erpSupplies.Contract;
}) {
  const request = useRequestShippingAddress();
  const [invalidOpen, setInvalidOpen] = useState(false);
  const [chosenTown, setChosenTown] = useState<Town | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setValue,
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
  const towns = useTownSuggestions(searchedCity);
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
  const streets = useStreetSuggestions(town?.tKey ?? null, searchedStreet);

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
    const check = await checkAddress({
      city: values.city,
      province: values.province,
      postalCode: values.postalCode,
      streetName: values.streetName,
      civicNumber: values.civicNumber,
    }).catch(() => null);
    // A failed call has shown its popup; the form keeps what the user typed.
    if (!check) return;
    if (!isAddressCheckPassed(check.score)) {
      setInvalidOpen(true);
      return;
    }
    const created = await request
      .mutateAsync({
        contractKey: contract.key,
        contractId: contract.id,
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
      })
      .catch(() => null);
    if (!created) return;
    if (!isRequestSuccess(created.id)) {
      showPopup();
      return;
    }
    setFeedback({
      title: t('supplies.shipping.success_title'),
      description: t('supplies.shipping.success_text'),
      actions: [{ label: t('supplies.back_to_supply'), to: supplyPath(supply.id) }],
    });
  };

  return (
    <>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          const form = event.currentTarget;
          void handleSubmit(onSubmit, () => focusFirstError(form))(event);
        }}
      >
        <p className="muted">{t('supplies.form.required_note')}</p>
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
        <FormActions supplyId={supply.id} submitting={isSubmitting} />
      </form>
      <AddressInvalidDialog open={invalidOpen} onRetry={() => setInvalidOpen(false)} />
    </>
  );
}

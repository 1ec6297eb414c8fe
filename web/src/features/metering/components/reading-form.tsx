// The self-reading form: one field per register, the meter-replaced confirmation, an optional
// photo, and the plausibility warning the server may answer with (correct, or deliberately keep). The
// submission token is made once per filled form, so a double click records one reading.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import * as z from 'zod/mini';
import type { erpMetering } from '@sportello/contract';
import { registerName, registerProblem } from '@sportello/domain';
import { formSubmit } from '../../../shared/forms/form-submit';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { formatNumber } from '../../../shared/format/format';
import { sendReading } from '../api/queries';
import { t } from '../i18n';

type Window = erpMetering.ReadingWindowAnswer;
type Answer = Awaited<ReturnType<NonNullable<typeof sendReading.mutationFn>>>;
type Warning = Answer['warnings'][number];
const PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

const newToken = () => crypto.randomUUID();

/** Each register's value: digits only, at most the window's digits, and (unless the meter was
 * replaced) not below the last reading. */
export function readingSchema(w: Pick<Window, 'registers' | 'maxDigits'>) {
  const valueProblem = (r: Window['registers'][number], value: string, meterReplaced: boolean) => {
    const problem = registerProblem(value);
    if (problem === 'required') return t('metering.errors.required');
    if (problem === 'digits_only') return t('metering.errors.digits_only');
    if (problem === 'too_many_digits') return t('metering.errors.too_many_digits', { max: w.maxDigits });
    if (!meterReplaced && r.lastValue !== null && Number(value) < r.lastValue)
      return t('metering.errors.lower_than_last', { last: formatNumber(r.lastValue) });
    return null;
  };
  return z.object({ values: z.record(z.string(), z.string()), meterReplaced: z.boolean() }).check(
    z.superRefine((form, ctx) => {
      for (const r of w.registers) {
        const message = valueProblem(r, form.values[r.channel] ?? '', form.meterReplaced);
        if (message) ctx.addIssue({ code: 'custom', message, path: ['values', r.channel], input: form });
      }
    }),
  );
}
type Values = z.output<ReturnType<typeof readingSchema>>;

function readPhoto(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('photo not readable'));
    reader.readAsDataURL(file);
  });
}

export function ReadingForm({ window: w, onSaved }: { window: Window; onSaved: (answer: Answer) => void }) {
  const send = useMutation(sendReading);
  const [token, setToken] = useState(newToken);
  const [warnings, setWarnings] = useState<Warning[] | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const warningRef = useRef<HTMLDivElement>(null);
  // The warning takes the focus when it appears, so a screen reader reads it before anything else.
  useEffect(() => {
    if (warnings) warningRef.current?.focus();
  }, [warnings]);
  const maxKb = Math.floor(w.photoMaxBytes / 1024);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    getValues,
    formState: { errors, isSubmitting },
  } = useSchemaForm(readingSchema(w), {
    values: Object.fromEntries(w.registers.map((r) => [r.channel, ''])),
    meterReplaced: false,
  });

  function choosePhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    setPhotoError(null);
    if (file && !PHOTO_TYPES.includes(file.type)) setPhotoError(t('metering.errors.photo_type'));
    else if (file && file.size > w.photoMaxBytes)
      setPhotoError(t('metering.errors.photo_size', { max: maxKb }));
    // A refused photo is not kept; what was typed in the fields stays.
    setPhoto(file && PHOTO_TYPES.includes(file.type) && file.size <= w.photoMaxBytes ? file : null);
  }

  async function submit(form: Values, confirmImplausible = false) {
    if (photoError) return;
    const answer = await send
      .mutateAsync({
        body: {
          supplyKey: w.supplyKey,
          submissionToken: token,
          values: Object.fromEntries(Object.entries(form.values).map(([c, v]) => [c, v.trim()])),
          confirmImplausible,
          meterReplaced: form.meterReplaced,
          ...(photo ? { photo: { contentType: photo.type, data: await readPhoto(photo) } } : {}),
        },
      })
      .catch((failure: unknown) => {
        setServerErrors(
          failure,
          setError,
          w.registers.map((r) => `values.${r.channel}` as const),
        );
        return null;
      });
    if (!answer) return;
    if (answer.outcome === 'confirm') {
      setWarnings(answer.warnings);
      return;
    }
    setWarnings(null);
    setToken(newToken());
    onSaved(answer);
  }

  const unitOf = (channel: string) => w.registers.find((r) => r.channel === channel)?.unit ?? '';
  const busy = isSubmitting || send.isPending;
  return (
    <form className="form reading-form" noValidate onSubmit={formSubmit(handleSubmit, (v) => submit(v))}>
      {w.registers.map((r) => {
        const field = `values.${r.channel}` as const;
        return (
          <TextField
            key={r.channel}
            label={t('metering.self_reading.field_label', {
              register: registerName(r.channel),
              unit: r.unit,
            })}
            hint={
              r.lastValue === null
                ? t('metering.self_reading.field_hint_first', { max: w.maxDigits })
                : t('metering.self_reading.field_hint', { max: w.maxDigits, last: formatNumber(r.lastValue) })
            }
            error={errors.values?.[r.channel]?.message}
            inputMode="numeric"
            autoComplete="off"
            required
            // Edited values are new values: a warning about the old ones no longer applies.
            {...register(field, { onChange: () => setWarnings(null) })}
          />
        );
      })}
      <label className="checkbox">
        <input type="checkbox" {...register('meterReplaced')} />
        {t('metering.self_reading.meter_replaced')}
      </label>
      <div className="field">
        <label htmlFor="reading-photo" className="field__label">
          {t('metering.self_reading.photo_label')}
        </label>
        <p id="reading-photo-hint" className="field__hint">
          {t('metering.self_reading.photo_hint', { max: maxKb })}
        </p>
        <input
          id="reading-photo"
          type="file"
          accept="image/jpeg,image/png"
          aria-describedby={photoError ? 'reading-photo-hint reading-photo-error' : 'reading-photo-hint'}
          aria-invalid={photoError ? true : undefined}
          onChange={choosePhoto}
        />
        {photoError ? (
          <p id="reading-photo-error" className="field-error" role="alert">
            {photoError}
          </p>
        ) : null}
      </div>

      {warnings ? (
        <div className="notice notice--warning" role="alert" tabIndex={-1} ref={warningRef}>
          <h2 className="notice__title">{t('metering.self_reading.warning_title')}</h2>
          <p>{t('metering.self_reading.warning_text')}</p>
          <ul>
            {warnings.map((warning) => (
              <li key={warning.channel}>
                {t('metering.self_reading.warning_row', {
                  register: registerName(warning.channel),
                  consumption: formatNumber(warning.consumption),
                  expected: formatNumber(warning.expected),
                  unit: unitOf(warning.channel),
                })}
              </li>
            ))}
          </ul>
          {/* Correcting is the main way on; keeping such values takes the deliberate second button. */}
          <div className="form-actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setWarnings(null);
                setFocus(`values.${warnings[0]?.channel ?? ''}`);
              }}
            >
              {t('metering.self_reading.correct')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void submit(getValues(), true)}
            >
              {t('metering.self_reading.confirm')}
            </button>
          </div>
        </div>
      ) : (
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('metering.self_reading.sending') : t('metering.self_reading.submit')}
          </button>
        </div>
      )}
    </form>
  );
}

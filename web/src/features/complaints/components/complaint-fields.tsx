// What both complaint forms ask after who and what it is about: the category (with its answer time),
// the text with its counter, the attachments and the contact preference. Values stay as typed when
// the server refuses the form.
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_CATEGORY_CODES,
  rectificationDays,
  TIQV_REPLY_DAYS,
} from '@sportello/domain';
import { erpComplaints } from '@sportello/contract';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { SelectField, TextAreaField } from '../../../shared/forms/select-field';
import { t } from '../i18n';
import { attachmentsProblem } from './attachments';

interface Written {
  category: string;
  body: string;
  contactPreference: 'email' | 'phone' | 'post';
  invoiceNumber: string;
}

// Every category is replied to in the same days; the billing ones also say their rectification's.
const categoryOptions = COMPLAINT_CATEGORY_CODES.map((code) => {
  const label = COMPLAINT_CATEGORIES[code].label;
  const rectification = rectificationDays(code);
  return {
    value: code,
    label:
      rectification === null
        ? t('complaints.form.category_days', { label, days: TIQV_REPLY_DAYS })
        : t('complaints.form.category_days_rectification', {
            label,
            days: TIQV_REPLY_DAYS,
            rectification: t('complaints.form.days', { count: rectification }),
          }),
  };
});

export function CategoryField<V extends Written>({
  register,
  errors,
}: {
  register: UseFormRegister<V>;
  errors: FieldErrors<V>;
}) {
  const reg = register as unknown as UseFormRegister<Written>;
  return (
    <SelectField
      label={t('complaints.form.category')}
      placeholder={t('complaints.form.category_placeholder')}
      options={categoryOptions}
      error={(errors as FieldErrors<Written>).category?.message}
      required
      {...reg('category')}
    />
  );
}

export function WrittenFields<V extends Written>({
  register,
  errors,
  control,
  files,
  onFiles,
  filesError,
}: {
  register: UseFormRegister<V>;
  errors: FieldErrors<V>;
  control: Control<V>;
  files: File[];
  onFiles: (files: File[], problem: string | null) => void;
  filesError: string | null;
}) {
  const reg = register as unknown as UseFormRegister<Written>;
  const errs = errors as FieldErrors<Written>;
  const body = useWatch({ control: control as unknown as Control<Written>, name: 'body' });
  const length = String(body ?? '').length;
  const max = erpComplaints.COMPLAINT_LIMITS.textMax;
  return (
    <>
      <TextAreaField
        label={t('complaints.form.text')}
        hint={t('complaints.form.counter', { count: length, max })}
        error={errs.body?.message}
        rows={8}
        required
        {...reg('body')}
      />
      <div className="form__field">
        <label htmlFor="complaint-files" className="field__label">
          {t('complaints.form.attachments')}
        </label>
        <p id="complaint-files-hint" className="field__hint">
          {t('complaints.form.attachments_hint')}
        </p>
        <input
          id="complaint-files"
          type="file"
          multiple
          accept="image/jpeg,image/png,application/pdf"
          aria-describedby={
            filesError ? 'complaint-files-hint complaint-files-error' : 'complaint-files-hint'
          }
          aria-invalid={filesError ? true : undefined}
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            onFiles(chosen, attachmentsProblem(chosen));
          }}
        />
        {filesError ? (
          <p id="complaint-files-error" className="field-error" role="alert">
            {filesError}
          </p>
        ) : files.length > 0 ? (
          <ul className="complaint-files">
            {files.map((file) => (
              <li key={file.name}>{file.name}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <fieldset className="form__field complaint-contact">
        <legend className="field__label">{t('complaints.form.contact')}</legend>
        {(['email', 'phone', 'post'] as const).map((way) => (
          <label key={way} className="complaint-contact__choice">
            <input type="radio" value={way} {...reg('contactPreference')} /> {t(`complaints.contact.${way}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}

// A form of a client code and its tax code alone (delegation request, password by client code):
// `onSend` makes the call and answers the feedback to show, or null after a refusal.
import * as z from 'zod/mini';
import { RequiredNote } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useFeedback, type Feedback } from '../../../shared/ui/feedback-panel';
import { t } from '../i18n';
import { CodesFields } from './codes-fields';
import { customerCodeField, taxCodeField } from './rules';
import { SubmitButton } from './step-page';

const schema = z.object({ customerCode: customerCodeField(), taxCode: taxCodeField('any') });
export type Codes = z.output<typeof schema>;

export function CodesForm({
  submitLabel,
  onSend,
}: {
  submitLabel: string;
  onSend: (codes: Codes) => Promise<Feedback>;
}) {
  const feedback = useFeedback();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, { customerCode: '', taxCode: '' });

  const onSubmit = async (codes: Codes) => {
    const shown = await onSend(codes).catch((failure: unknown) => {
      setServerErrors(failure, setError, ['customerCode', 'taxCode']);
      return null;
    });
    if (shown) feedback.show(shown);
  };

  return (
    <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
      <RequiredNote />
      <CodesFields
        customerCode={register('customerCode')}
        taxCode={register('taxCode')}
        errors={errors}
        taxLabel={t('registration.forgot.tax_code')}
      />
      <SubmitButton submitting={isSubmitting} label={submitLabel} />
      {feedback.panel}
    </form>
  );
}

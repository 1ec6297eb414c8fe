// /supplies/{id}/edit-name: the supply's nickname, at most NICKNAME_MAX_LENGTH characters; an
// empty name clears it, and the supply is then shown by its address.
import { erpSupplies } from '@sportello/contract';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { FormActions } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useFeedback, type Feedback } from '../../../shared/ui/feedback-panel';
import { renameSupply } from '../api/mutations';
import { EditPage } from '../components/edit-page';
import { SupplyGate, type SupplyData } from '../components/supply-gate';
import { supplyAddressLine } from '../../../shared/format/supply-label';
import { t } from '../i18n';
import { supplyRoutes } from '../routes';

const { NICKNAME_MAX_LENGTH } = erpSupplies;

function EditNameForm({ supply, onDone }: SupplyData & { onDone: (feedback: Feedback) => void }) {
  const rename = useMutation(renameSupply);
  const schema = z.object({
    nickname: z
      .string()
      .check(
        z.trim(),
        z.maxLength(NICKNAME_MAX_LENGTH, t('supplies.edit_name.too_long', { max: NICKNAME_MAX_LENGTH })),
      ),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, { nickname: supply.nickname ?? '' });

  const onSubmit = async ({ nickname }: z.output<typeof schema>) => {
    // A failure has shown its popup; what the user typed stays in the form.
    const saved = await rename
      .mutateAsync({ body: { id: supply.id, nickname: nickname || null } })
      .catch((failure: unknown) => {
        setServerErrors(failure, setError, ['nickname']);
        return null;
      });
    if (!saved) return;
    onDone({
      title: t('supplies.edit_name.success_title'),
      description: saved.nickname
        ? t('supplies.edit_name.success_text', { name: saved.nickname })
        : t('supplies.edit_name.removed_text'),
      actions: [{ label: t('supplies.back_to_supply'), to: supplyRoutes.detail.to({ id: supply.id }) }],
    });
  };

  return (
    <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
      <TextField
        label={t('supplies.edit_name.label')}
        hint={t('supplies.edit_name.hint', { max: NICKNAME_MAX_LENGTH })}
        error={errors.nickname?.message}
        autoComplete="off"
        {...register('nickname')}
      />
      <FormActions submitting={isSubmitting} cancelTo={supplyRoutes.detail.to({ id: supply.id })} />
    </form>
  );
}

export default function EditNamePage() {
  const feedback = useFeedback();
  return (
    <>
      {feedback.panel}
      <SupplyGate>
        {(data) => (
          <EditPage
            supplyId={data.supply.id}
            heading={t('supplies.edit_name.heading')}
            intro={t('supplies.edit_name.intro', { address: supplyAddressLine(data.supply) })}
          >
            <EditNameForm {...data} onDone={feedback.show} />
          </EditPage>
        )}
      </SupplyGate>
    </>
  );
}

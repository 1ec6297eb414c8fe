// /supplies/{id}/edit-name: the supply's nickname, at most NICKNAME_MAX_LENGTH characters; an
// empty name clears it, and the supply is then shown by its address.
import { zodResolver } from '@hookform/resolvers/zod';
import { erpSupplies } from '@sportello/contract';
import { useForm } from 'react-hook-form';
import { t } from '../i18n';
import * as z from 'zod/mini';
import { setFeedback } from '../../../shared/state/app-store';
import { TextField } from '../../../shared/ui/text-field';
import { useRenameSupply } from '../api/update-supply';
import { EditPage } from '../components/edit-page';
import { FormActions } from '../components/form-actions';
import { SupplyGate, type SupplyData } from '../components/supply-gate';
import { supplyAddressLine } from '../supply-label';
import { supplyPath } from '../supply-paths';
import { focusFirstError } from '../focus-first-error';

const { NICKNAME_MAX_LENGTH } = erpSupplies;

function EditNameForm({ supply }: SupplyData) {
  const rename = useRenameSupply();
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
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    shouldFocusError: false,
    defaultValues: { nickname: supply.nickname ?? '' },
  });

  const onSubmit = async ({ nickname }: z.output<typeof schema>) => {
    // A failure has shown its popup; what the user typed stays in the form.
    const saved = await rename.mutateAsync({ id: supply.id, nickname: nickname || null }).catch(() => null);
    if (!saved) return;
    setFeedback({
      title: t('supplies.edit_name.success_title'),
      description: saved.nickname
        ? t('supplies.edit_name.success_text', { name: saved.nickname })
        : t('supplies.edit_name.removed_text'),
      actions: [{ label: t('supplies.back_to_supply'), to: supplyPath(supply.id) }],
    });
  };

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        const form = event.currentTarget;
        void handleSubmit(onSubmit, () => focusFirstError(form))(event);
      }}
    >
      <TextField
        label={t('supplies.edit_name.label')}
        hint={t('supplies.edit_name.hint', { max: NICKNAME_MAX_LENGTH })}
        error={errors.nickname?.message}
        autoComplete="off"
        {...register('nickname')}
      />
      <FormActions supplyId={supply.id} submitting={isSubmitting} />
    </form>
  );
}

export default function EditNamePage() {
  return (
    <SupplyGate>
      {(data) => (
        <EditPage
          supplyId={data.supply.id}
          heading={t('supplies.edit_name.heading')}
          intro={t('supplies.edit_name.intro', { address: supplyAddressLine(data.supply) })}
        >
          <EditNameForm {...data} />
        </EditPage>
      )}
    </SupplyGate>
  );
}

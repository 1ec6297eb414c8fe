// /profile/edit-password: the current password, a new one with every SPEC §5 message, and its
// confirmation. The server ends the user's other sessions; after a refusal the fields are emptied.
import { FORM_MESSAGES } from '@sportello/contract';
import { passwordIssues, passwordsMatch } from '@sportello/domain';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { FormActions, RequiredNote } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { updateUser } from '../api/profile-api';
import { ProfileFrame } from '../components/profile-frame';
import { t } from '../i18n';
import { profileRoutes } from '../routes';

const ISSUE_MESSAGES = {
  min_length: FORM_MESSAGES.password_min_length,
  non_alpha: FORM_MESSAGES.password_non_alpha,
  uppercase: FORM_MESSAGES.password_uppercase,
  number: FORM_MESSAGES.password_number,
} as const;

const schema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, FORM_MESSAGES.required)),
    password: z.string().check(
      z.superRefine((value, ctx) => {
        for (const issue of passwordIssues(value))
          ctx.addIssue({ code: 'custom', message: ISSUE_MESSAGES[issue] });
      }),
    ),
    confirm: z.string(),
  })
  .check(
    z.refine((v) => passwordsMatch(v.password, v.confirm), {
      message: FORM_MESSAGES.passwords_do_not_match,
      path: ['confirm'],
    }),
  );
type Values = z.output<typeof schema>;
const EMPTY: Values = { currentPassword: '', password: '', confirm: '' };

export default function EditPasswordPage() {
  const change = useMutation(updateUser);
  const feedback = useFeedback();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, EMPTY, { criteriaMode: 'all' });
  const allMessages = (field: keyof Values) => {
    const error = errors[field];
    if (!error) return undefined;
    const types = error.types ? Object.values(error.types).flat() : [];
    return types.length > 0 ? types.join(' · ') : error.message;
  };

  const onSubmit = async ({ currentPassword, password }: Values) => {
    const saved = await change
      .mutateAsync({ body: { currentPassword, password } })
      .catch((failure: unknown) => {
        // Never keep passwords after a refusal; the server's message goes on its field.
        reset(EMPTY);
        setServerErrors(failure, setError, ['currentPassword', 'password']);
        return null;
      });
    if (!saved) return;
    reset(EMPTY);
    feedback.show({
      title: t('profile.otp.done_title'),
      description: t('profile.password.done'),
      actions: [{ label: t('profile.back'), to: profileRoutes.profile.to() }],
    });
  };

  return (
    <ProfileFrame heading={t('profile.password.heading')} intro={t('profile.password.intro')}>
      {feedback.panel}
      <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
        <RequiredNote />
        <TextField
          label={t('profile.password.current')}
          type="password"
          autoComplete="current-password"
          required
          error={allMessages('currentPassword')}
          {...register('currentPassword')}
        />
        <TextField
          label={t('profile.password.new')}
          type="password"
          autoComplete="new-password"
          required
          error={allMessages('password')}
          {...register('password')}
        />
        <TextField
          label={t('profile.password.confirm')}
          type="password"
          autoComplete="new-password"
          required
          error={allMessages('confirm')}
          {...register('confirm')}
        />
        <FormActions
          submitting={isSubmitting}
          cancelTo={profileRoutes.profile.to()}
          submitLabel={t('profile.save')}
        />
      </form>
    </ProfileFrame>
  );
}

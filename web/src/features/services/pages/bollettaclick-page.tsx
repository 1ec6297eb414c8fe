// /services/bollettaclick (SPEC §2): the paperless bill on each contract, with the address it goes
// to, and the form that asks for it through the billing-options request (SPEC §7) with e-mail
// delivery; the contract then shows 'In attivazione'.
import type { erpServices } from '@sportello/contract';
import { isRequestSuccess, isValidEmail } from '@sportello/domain';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { formSubmit } from '../../../shared/forms/form-submit';
import { SelectField } from '../../../shared/forms/select-field';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useAppStore } from '../../../shared/state/app-store';
import { useFeedback, type Feedback } from '../../../shared/ui/feedback-panel';
import { requestPaperless } from '../api/queries';
import { BackToServices, ServiceGate, SubmitRow, StateBadge, supplyLabel } from '../components/service-parts';
import { t } from '../i18n';
import '../services.css';

const schema = z.object({
  contractKey: z.string().check(z.minLength(1, t('services.bollettaclick.errors.contract'))),
  email: z.string().check(z.trim(), z.refine(isValidEmail, t('services.bollettaclick.errors.email'))),
});
type Values = z.infer<typeof schema>;

/** Contracts (not supplies) receive bills: one entry per contract, the first supply naming it. */
function byContract(supplies: readonly erpServices.ServiceSupply[]) {
  const seen = new Map<string, erpServices.ServiceSupply>();
  for (const supply of supplies) if (!seen.has(supply.contractKey)) seen.set(supply.contractKey, supply);
  return [...seen.values()];
}

function PaperlessForm({
  contracts,
  onDone,
}: {
  contracts: erpServices.ServiceSupply[];
  onDone: (feedback: Feedback) => void;
}) {
  const customer = useAppStore((state) => state.customer);
  const request = useMutation(requestPaperless);
  const available = contracts.filter((c) => c.state === 'available');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, {
    contractKey: available.length === 1 ? available[0]!.contractKey : '',
    email: customer?.account.email ?? '',
  });
  if (available.length === 0)
    return <p className="muted">{t('services.bollettaclick.nothing_to_activate')}</p>;

  const onValid = async ({ contractKey, email }: Values) => {
    const created = await request
      .mutateAsync({ body: { contractKey, delivery: 'email', email } })
      .catch(() => null);
    if (!created || !isRequestSuccess(created.id)) return;
    onDone({
      title: t('services.bollettaclick.success_title'),
      description: t('services.bollettaclick.success_text', { email }),
      actions: [{ label: t('feedback.close') }],
    });
  };

  return (
    <form
      className="form card"
      noValidate
      onSubmit={formSubmit(handleSubmit, onValid)}
      aria-labelledby="paperless-form"
    >
      <h2 id="paperless-form" className="service-card__name">
        {t('services.bollettaclick.form_title')}
      </h2>
      <SelectField
        label={t('services.bollettaclick.contract')}
        placeholder={t('services.bollettaclick.contract_placeholder')}
        options={available.map((c) => ({
          value: c.contractKey,
          label: t('services.bollettaclick.contract_option', {
            number: c.contractNumber,
            name: supplyLabel(c),
          }),
        }))}
        error={errors.contractKey?.message}
        required
        {...register('contractKey')}
      />
      <TextField
        label={t('services.bollettaclick.email')}
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        required
        {...register('email')}
      />
      <SubmitRow
        submitting={isSubmitting}
        label={t('services.bollettaclick.submit')}
        busyLabel={t('services.bollettaclick.submitting')}
      />
    </form>
  );
}

export default function BollettaclickPage() {
  const feedback = useFeedback();
  return (
    <div className="page page--narrow">
      {feedback.panel}
      <BackToServices />
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('services.bollettaclick.heading')}</h1>
          <p className="page__intro">{t('services.bollettaclick.intro')}</p>
        </div>
      </div>
      <ServiceGate kind="billing">
        {(service) => {
          const contracts = byContract(service.supplies);
          return (
            <>
              <ul className="service-supplies">
                {contracts.map((c) => (
                  <li key={c.contractKey} className="service-supply">
                    <StateBadge state={c.state} />
                    <p className="service-supply__name">
                      {t('services.bollettaclick.contract_option', {
                        number: c.contractNumber,
                        name: supplyLabel(c),
                      })}
                    </p>
                    {c.email ? <p>{t('services.bollettaclick.email_to', { email: c.email })}</p> : null}
                  </li>
                ))}
              </ul>
              <PaperlessForm contracts={contracts} onDone={feedback.show} />
            </>
          );
        }}
      </ServiceGate>
    </div>
  );
}

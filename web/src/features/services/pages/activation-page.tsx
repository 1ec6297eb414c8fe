// /services/activation/{index} (SPEC §2): asks to activate a service on one of the supplies where
// it can be; success only with a request id above 0 (SPEC §5), after which the service shows
// 'In attivazione'. A refusal (the cinema voucher asked twice) shows its popup and keeps the choice.
import type { erpServices } from '@sportello/contract';
import { isRequestSuccess } from '@sportello/domain';
import { useMutation } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { formSubmit } from '../../../shared/forms/form-submit';
import { SelectField } from '../../../shared/forms/select-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useFeedback, type Feedback } from '../../../shared/ui/feedback-panel';
import { requestRoutes } from '../../requests/routes';
import { activateService } from '../api/queries';
import { BackToServices, ServiceGate, SubmitRow, supplyLabel } from '../components/service-parts';
import { t } from '../i18n';
import { serviceRoutes } from '../routes';
import '../services.css';

const schema = z.object({
  supplyKey: z.string().check(z.minLength(1, t('services.activation.errors.supply'))),
});
type Values = z.infer<typeof schema>;

function ActivationForm({
  service,
  onDone,
}: {
  service: erpServices.Service;
  onDone: (feedback: Feedback) => void;
}) {
  const [search] = useSearchParams();
  const activate = useMutation(activateService);
  const available = service.supplies.filter((s) => s.state === 'available');
  const asked = search.get('supply');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, { supplyKey: available.some((s) => s.supplyKey === asked) ? (asked ?? '') : '' });
  if (service.kind !== 'activation') return <p className="muted">{t('services.activation.not_activable')}</p>;
  if (available.length === 0) return <p className="muted">{t('services.activation.nothing')}</p>;

  const onValid = async ({ supplyKey }: Values) => {
    const created = await activate
      .mutateAsync({ body: { serviceIndex: service.index, supplyKey } })
      .catch(() => null);
    if (!created || !isRequestSuccess(created.id)) return;
    onDone({
      title: t('services.activation.success_title'),
      description: t('services.activation.success_text', { name: service.name }),
      actions: [
        { label: t('services.activation.to_services'), to: serviceRoutes.list.to() },
        { label: t('services.service.requests'), to: requestRoutes.list.to() },
      ],
    });
  };

  return (
    <form className="form card" noValidate onSubmit={formSubmit(handleSubmit, onValid)}>
      <SelectField
        label={t('services.activation.supply')}
        placeholder={t('services.activation.supply_placeholder')}
        options={available.map((supply) => ({ value: supply.supplyKey, label: supplyLabel(supply) }))}
        error={errors.supplyKey?.message}
        required
        {...register('supplyKey')}
      />
      <SubmitRow
        submitting={isSubmitting}
        label={t('services.activation.submit')}
        busyLabel={t('services.activation.submitting')}
      />
    </form>
  );
}

export default function ActivationPage() {
  const { index } = useParams();
  const feedback = useFeedback();
  return (
    <div className="page page--narrow">
      {feedback.panel}
      <BackToServices />
      <ServiceGate index={index}>
        {(service) => (
          <>
            <div className="page__head">
              <div>
                <h1 className="page__title">{t('services.activation.heading', { name: service.name })}</h1>
                <p className="page__intro">{service.description}</p>
              </div>
            </div>
            <ActivationForm service={service} onDone={feedback.show} />
          </>
        )}
      </ServiceGate>
    </div>
  );
}

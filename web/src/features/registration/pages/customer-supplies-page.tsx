// /registrazione/cliente-sgr/forniture: the active supplies of the customer found, for confirmation,
// then the proof that the applicant is the customer (ADR 022).
import { Navigate } from 'react-router';
import { ProofForm } from '../components/proof-form';
import { StepPage } from '../components/step-page';
import { readDraft } from '../draft';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

export default function CustomerSuppliesPage() {
  const customer = readDraft().customer;
  if (!customer) return <Navigate to={registrationRoutes.type.to()} replace />;
  return (
    <StepPage
      heading={t('registration.supplies.heading')}
      intro={t('registration.supplies.intro', { name: customer.holderName })}
      step={[3, 5]}
      back={registrationRoutes.data.to({ type: customer.customerType })}
    >
      {customer.supplies.length === 0 ? (
        <p>{t('registration.supplies.empty')}</p>
      ) : (
        <ul className="registration-supplies" aria-label={t('registration.supplies.heading')}>
          {customer.supplies.map((supply) => (
            <li key={`${supply.contractNumber}-${supply.address}`}>
              <strong>
                {t(`registration.supplies.commodity.${supply.commodity}`)} · {supply.name}
              </strong>
              <br />
              {supply.address}
              <br />
              <span className="registration__note">
                {t('registration.supplies.contract', { number: supply.contractNumber })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ProofForm customer={customer} />
    </StepPage>
  );
}

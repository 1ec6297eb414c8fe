// /registrazione/cliente-sgr/forniture: the active supplies of the customer found, for confirmation,
// then the proof that the applicant is the customer (ADR 022). A former customer sees the supplies
// that ended and until when the area stays open (ADR 066).
import { Navigate } from 'react-router';
import { formatIsoDate } from '../../../shared/format/format';
import { ProofForm } from '../components/proof-form';
import { StepPage } from '../components/step-page';
import { readDraft } from '../draft';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

export default function CustomerSuppliesPage() {
  const customer = readDraft().customer;
  if (!customer) return <Navigate to={registrationRoutes.type.to()} replace />;
  const former = customer.formerCustomer;
  const heading = t(former ? 'registration.supplies.heading_former' : 'registration.supplies.heading');
  return (
    <StepPage
      heading={heading}
      intro={t('registration.supplies.intro', { name: customer.holderName })}
      step={[3, 5]}
      back={registrationRoutes.data.to({ type: customer.customerType })}
    >
      {former && (
        <p className="registration__note">
          {t('registration.supplies.former', {
            endedOn: formatIsoDate(former.endedOn),
            openUntil: formatIsoDate(former.openUntil),
          })}
        </p>
      )}
      {customer.supplies.length === 0 ? (
        <p>{t('registration.supplies.empty')}</p>
      ) : (
        <ul className="registration-supplies" aria-label={heading}>
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

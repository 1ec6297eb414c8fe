// Frame of /edit-bank-debit and /add-bank-debit: the form only when it makes sense — no change in
// progress (SPEC §4), an active mandate to change, or none yet to activate; otherwise it says why.
import { t } from '../i18n';
import { Link } from 'react-router';
import { supplyRoutes } from '../routes';
import { useBankDebitChange } from '../use-bank-debit-change';
import { BankDebitForm, type BankDebitOperation } from './bank-debit-form';
import { EditPage } from './edit-page';
import { SupplyGate, type SupplyData } from './supply-gate';
import { useFeedback, type Feedback } from '../../../shared/ui/feedback-panel';

function BankDebitContent({
  operation,
  supply,
  contract,
  onDone,
}: SupplyData & { operation: BankDebitOperation; onDone: (feedback: Feedback) => void }) {
  const change = useBankDebitChange(contract.key);
  if (change === 'pending') return <p className="muted">{t('supplies.loading')}</p>;
  if (change === 'error') return <p className="muted">{t('supplies.section_error')}</p>;
  if (change === 'in-progress') {
    return (
      <div className="notice notice--warning" role="status">
        <h2 className="notice__title">{t('supplies.bank.in_progress_title')}</h2>
        <p>{t('supplies.detail.bank.in_progress')}</p>
      </div>
    );
  }
  if (operation === 'change' && !contract.banking) {
    return (
      <p>
        {t('supplies.bank.not_active')}{' '}
        <Link to={supplyRoutes.addBankDebit.to({ id: supply.id })}>{t('bank_debit.add')}</Link>
      </p>
    );
  }
  if (operation === 'activate' && contract.banking) {
    return (
      <p>
        {t('supplies.bank.already_active')}{' '}
        <Link to={supplyRoutes.editBankDebit.to({ id: supply.id })}>{t('supplies.detail.bank.edit')}</Link>
      </p>
    );
  }
  return (
    <>
      {contract.banking ? <p>{t('supplies.bank.current', { iban: contract.banking.maskedIban })}</p> : null}
      <BankDebitForm operation={operation} supply={supply} contract={contract} onDone={onDone} />
    </>
  );
}

export function BankDebitPage({ operation }: { operation: BankDebitOperation }) {
  const add = operation === 'activate';
  // Above the content: once the request is in, the content turns to 'change in progress'.
  const feedback = useFeedback();
  return (
    <>
      {feedback.panel}
      <SupplyGate>
        {({ supply, contract }) => (
          <EditPage
            supplyId={supply.id}
            heading={t(add ? 'supplies.bank.heading_add' : 'supplies.bank.heading_change')}
            intro={t(add ? 'supplies.bank.intro_add' : 'supplies.bank.intro_change', {
              number: contract.number,
            })}
          >
            <BankDebitContent
              operation={operation}
              supply={supply}
              contract={contract}
              onDone={feedback.show}
            />
          </EditPage>
        )}
      </SupplyGate>
    </>
  );
}

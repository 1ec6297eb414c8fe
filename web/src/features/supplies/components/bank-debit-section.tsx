// The contract's SEPA direct debit: the account and its state, and the way to activate or change
// it, unless a change is already in progress (SPEC §4), which the section then says.
import type { erpSupplies } from '@sportello/contract';
import { t } from '../i18n';
import { Link } from 'react-router';
import { supplyRoutes } from '../routes';
import { useBankDebitChange } from '../use-bank-debit-change';
import { DetailList, DetailSection } from './detail-section';

export function BankDebitSection({
  supplyId,
  contract,
}: {
  supplyId: string;
  contract: erpSupplies.Contract;
}) {
  const change = useBankDebitChange(contract.key);
  const { banking } = contract;
  const action =
    change === 'free' ? (
      banking ? (
        <Link to={supplyRoutes.editBankDebit.to({ id: supplyId })} className="button button--secondary">
          {t('supplies.detail.bank.edit')}
        </Link>
      ) : (
        <Link to={supplyRoutes.addBankDebit.to({ id: supplyId })} className="button button--secondary">
          {t('bank_debit.add')}
        </Link>
      )
    ) : null;
  return (
    <DetailSection heading={t('supplies.detail.bank.heading')} actions={action}>
      {banking ? (
        <DetailList
          rows={[
            {
              label: t('supplies.detail.bank.iban'),
              value: <span className="iban">{banking.maskedIban}</span>,
            },
            { label: t('supplies.detail.bank.holder'), value: banking.holderName },
            {
              label: t('supplies.detail.bank.state'),
              value: banking.state
                ? t(`supplies.bank_states.${banking.state}`)
                : t('supplies.detail.bank.active'),
            },
          ]}
        />
      ) : (
        <p className="muted">{t('supplies.detail.bank.none')}</p>
      )}
      {change === 'in-progress' ? (
        <p className="notice notice--warning" role="status">
          {t('supplies.detail.bank.in_progress')}
        </p>
      ) : null}
      {change === 'pending' ? <p className="muted">{t('supplies.loading')}</p> : null}
      {change === 'error' ? <p className="muted">{t('supplies.section_error')}</p> : null}
    </DetailSection>
  );
}

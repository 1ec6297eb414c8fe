// /supplies/{id}/edit-bank-debit: a new account for the active SEPA direct debit.
import { BankDebitPage } from '../components/bank-debit-page';

export default function EditBankDebitPage() {
  return <BankDebitPage operation="change" />;
}

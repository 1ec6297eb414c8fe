// /supplies/{id}/add-bank-debit: activates the SEPA direct debit of a contract that has none.
import { BankDebitPage } from '../components/bank-debit-page';

export default function AddBankDebitPage() {
  return <BankDebitPage operation="activate" />;
}

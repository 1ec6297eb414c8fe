// /invoice/{id}/payment_ko: the gateway sent the browser back after a refusal or a cancel.
import { PaymentResult } from '../components/payment-result';

export default function PaymentKoPage() {
  return <PaymentResult returned="KO" />;
}

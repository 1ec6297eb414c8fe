// /invoice/{id}/payment_ok: the gateway sent the browser back saying the payment went through.
import { PaymentResult } from '../components/payment-result';

export default function PaymentOkPage() {
  return <PaymentResult returned="OK" />;
}

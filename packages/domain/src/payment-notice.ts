// A pagoPA-style payment notice number ("numero avviso", 18 digits) for paying a bill at a post
// office, a bank, a tabaccheria or by home banking (CBILL) where a brand has no online payment.
// Layout: aux digit 3, a two-digit segregation code of the creditor, then the 15-digit IUV: 13
// digits from the bill and 2 check digits, the remainder modulo 93 of the 16 digits before them.
// The demo derives it from the bill, so the same bill always shows the same code.

const AUX_DIGIT = '3';

export function paymentNoticeCode(segregationCode: number, billId: number): string {
  const head = `${AUX_DIGIT}${String(segregationCode % 100).padStart(2, '0')}${String(billId % 1e13).padStart(13, '0')}`;
  const check = String(BigInt(head) % 93n).padStart(2, '0');
  return `${head}${check}`;
}

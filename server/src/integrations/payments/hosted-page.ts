// The HTML of the test gateway's hosted payment page: Italian, brand-neutral, usable without
// JavaScript, labelled fields with the browser's card autofill, errors announced and tied to
// their field.
import { formatEuro } from '@sportello/domain';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1f;background:#f3f4f6}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.35rem;margin:0 0 .25rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1rem}
.muted{color:#4b5563;font-size:.9rem}label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;padding:.7rem;font-size:1rem;border:1px solid #6b7280;border-radius:8px}
input:focus{outline:3px solid #1d4ed8;outline-offset:1px}.row{display:flex;gap:1rem}.row>div{flex:1}
.error{color:#b91c1c;font-size:.9rem;margin:.25rem 0 0}.alert{border:1px solid #b91c1c;color:#7f1d1d;background:#fef2f2;padding:.75rem;border-radius:8px}
button{width:100%;margin-top:1.25rem;padding:.8rem;font-size:1rem;font-weight:600;border-radius:8px;cursor:pointer}
.pay{background:#1d4ed8;color:#fff;border:0}.cancel{background:#fff;color:#1b1b1f;border:1px solid #6b7280}
details{margin-top:1.5rem;font-size:.9rem}code{font-size:.95em}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface FormState {
  card?: string;
  expiry?: string;
  errors?: Partial<Record<'card' | 'expiry' | 'cvc' | 'form', string>>;
}

export function checkoutPage(
  checkout: { id: string; amountCents: number; description: string },
  action: string,
  state: FormState = {},
): string {
  const errors = state.errors ?? {};
  const field = (name: 'card' | 'expiry' | 'cvc', label: string, attrs: string, value = '') =>
    `<div><label for="${name}">${label}</label><input id="${name}" name="${name}" ${attrs} value="${escape(value)}"${
      errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
    } required>${errors[name] ? `<p class="error" id="${name}-error">${escape(errors[name])}</p>` : ''}</div>`;
  return page(
    'Pagamento con carta',
    `<h1>Pagamento con carta</h1><p class="muted">${escape(checkout.description)}</p>
<p class="amount">${escape(formatEuro(checkout.amountCents))}</p>
${errors.form ? `<p class="alert" role="alert">${escape(errors.form)}</p>` : ''}
<form method="post" action="${escape(action)}" novalidate>
${field('card', 'Numero della carta', 'inputmode="numeric" autocomplete="cc-number" maxlength="23"', state.card)}
<div class="row">${field('expiry', 'Scadenza (MM/AA)', 'inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="MM/AA"', state.expiry)}
${field('cvc', 'Codice di sicurezza (CVC)', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}</div>
<button class="pay" type="submit" name="action" value="pay">Paga ${escape(formatEuro(checkout.amountCents))}</button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>Annulla e torna al portale</button>
</form>
<details><summary>Carte di prova</summary><ul>
<li><code>4242 4242 4242 4242</code>: pagamento riuscito</li>
<li><code>4000 0000 0000 0002</code>: carta rifiutata</li>
<li><code>4000 0000 0000 0259</code>: nessuna notifica dal circuito (il pagamento resta in attesa)</li>
</ul><p>Scadenza futura qualsiasi, CVC di 3 cifre qualsiasi.</p></details>`,
  );
}

export function closedPage(message: string): string {
  return page('Pagamento', `<h1>Pagamento</h1><p role="status">${escape(message)}</p>`);
}

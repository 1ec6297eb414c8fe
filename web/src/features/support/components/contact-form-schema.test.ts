// The write-us form's rules (SPEC §5) and payload (SPEC §3).
import { describe, expect, it } from 'vitest';
import {
  contactSchema,
  guestContactSchema,
  toContactPayload,
  toGuestContactPayload,
} from './contact-form-schema';

const valid = { contractKey: 'CTR-1', phone: '333 123 4567', subject: 'bolletta', message: 'Ciao' };

const errorsOf = (values: object) => {
  const result = contactSchema.safeParse({ ...valid, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('contact form rules', () => {
  it('passes when every field is filled', () => expect(errorsOf({})).toEqual({}));

  it('gives each empty field its own message', () => {
    expect(errorsOf({ contractKey: '', phone: ' ', subject: '', message: '   ' })).toEqual({
      contractKey: 'Scegli il contratto a cui si riferisce la richiesta',
      phone: 'Inserisci un numero di cellulare italiano valido',
      subject: "Scegli l'argomento della richiesta",
      message: 'Scrivi il testo del messaggio',
    });
  });

  it.each(['02 1234567', '33312', '+44 7700 900123', 'tre tre tre'])(
    'refuses %s as a mobile phone',
    (phone) => expect(Object.keys(errorsOf({ phone }))).toEqual(['phone']),
  );

  it.each(['3331234567', '+39 333 123 4567', '0039 3331234567'])('accepts %s', (phone) =>
    expect(errorsOf({ phone })).toEqual({}),
  );

  it('accepts only the seven subjects of SPEC §3', () => {
    for (const subject of [
      'gestione contratto',
      'pagamento',
      'bolletta',
      'contatore',
      'nuova offerta',
      'autolettura',
      'altro',
    ])
      expect(errorsOf({ subject })).toEqual({});
    expect(Object.keys(errorsOf({ subject: 'reclamo' }))).toEqual(['subject']);
  });

  it('limits the message to 1000 characters', () => {
    expect(errorsOf({ message: 'a'.repeat(1000) })).toEqual({});
    expect(errorsOf({ message: 'a'.repeat(1001) })).toEqual({
      message: 'Il messaggio può contenere al massimo 1000 caratteri',
    });
  });
});

describe('contact payload', () => {
  it('carries the trimmed phone and message, the keys, the subject and the brand', () => {
    const parsed = contactSchema.parse({ ...valid, message: '  Ciao  ' });
    expect(toContactPayload(parsed, 'CUS-1', 'sga')).toEqual({
      customerKey: 'CUS-1',
      contractKey: 'CTR-1',
      subject: 'bolletta',
      description: 'Ciao',
      mobilephone: '3331234567',
      company: 'sga',
    });
  });

  it('leaves the customer key out when empty', () => {
    const payload = toContactPayload(contactSchema.parse(valid), '', 'sgr');
    expect(payload).not.toHaveProperty('customerKey');
  });
});

describe('logged-out contact form rules', () => {
  const guest = {
    name: ' Maria Bianchi ',
    clientCode: ' 100001 ',
    email: ' maria@example.it ',
    privacy: true,
    phone: '333 765 4321',
    subject: 'altro',
    message: 'Non riesco a registrarmi',
  };
  const guestErrors = (values: object) => {
    const result = guestContactSchema.safeParse({ ...guest, ...values });
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('gives who writes and the consent their own messages', () => {
    expect(guestErrors({})).toEqual({});
    expect(guestErrors({ name: ' ', clientCode: '', email: 'maria@example', privacy: false })).toEqual({
      name: 'Scrivi il tuo nome e cognome',
      clientCode: 'Il codice cliente è obbligatorio',
      email: 'Inserire email valida',
      privacy: 'Il consenso per il trattamento dati personali è obbligatorio',
    });
    expect(guestErrors({ clientCode: 'AB-1' })).toEqual({
      clientCode: 'Il codice cliente contiene solo cifre',
    });
  });

  it('sends the trimmed writer, the consent and the phone as digits', () => {
    expect(toGuestContactPayload(guestContactSchema.parse(guest), 'sgr')).toEqual({
      name: 'Maria Bianchi',
      clientCode: '100001',
      email: 'maria@example.it',
      privacy: true,
      subject: 'altro',
      description: 'Non riesco a registrarmi',
      mobilephone: '3337654321',
      company: 'sgr',
    });
  });
});

// The texts of the checks a form also makes in the browser before it sends (SPEC §5, §8): the words the
// server answers, kept apart from the whole catalogue (messages.ts spreads them in) so that a form page
// carries these and not the 4 KB catalogue (every page within its JavaScript budget).
import { INVALID_CHARACTERS } from './text.js';

export const FORM_MESSAGES = {
  required: 'Informazione obbligatoria',
  invalid_characters: INVALID_CHARACTERS,
  passwords_do_not_match: 'Le password non corrispondono',
  password_min_length: 'La password deve contenere almeno 8 caratteri',
  password_non_alpha: 'La password deve contenere almeno un carattere non alfabetico',
  password_uppercase: 'La password deve contenere almeno una lettera maiuscola',
  password_number: 'La password deve contenere almeno un numero',
  invalid_email: 'Inserire email valida',
  invalid_phone: 'Telefono non valido',
  invalid_recipient_code: 'Il codice destinatario è di 7 lettere o cifre.',
  invalid_pec: "L'indirizzo PEC non è un indirizzo e-mail valido.",
  pec_required: 'Senza codice destinatario indica la PEC a cui ricevere le fatture elettroniche.',
  otp_wrong: 'Il codice non è corretto',
  registry_change_empty: 'Indica almeno un dato da modificare',
  invalid_fiscal_code: 'Codice fiscale non valido',
  invalid_vat_number: 'Partita IVA non valida',
  invalid_iban: 'IBAN non valido',
  iban_not_sepa:
    "IBAN non valido per l'addebito diretto: il conto deve essere presso una banca dell'area SEPA (Unione europea, Svizzera, Regno Unito e pochi altri Paesi europei).",
  iban_wrong_length: 'IBAN non valido: il numero di caratteri non è quello previsto per il Paese indicato.',
  iban_wrong_check_digits:
    'IBAN non valido: le cifre di controllo non corrispondono. Ricontrolla di averlo copiato per intero e senza errori.',
  iban_wrong_cin:
    'IBAN non valido: il CIN (la lettera dopo «IT» e le due cifre) non corrisponde al resto delle coordinate. Ricontrolla i caratteri.',
  token_expiry_invalid: 'La scadenza deve essere tra domani e un anno da oggi.',
  user_already_registered: "Attenzione! L'utente è già registrato.",
} as const;

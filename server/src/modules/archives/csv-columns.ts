// The CSV files of the archive are read by a person in a spreadsheet, not by a program (the JSON files
// are, with the API's field names): each column is headed in Italian, amounts are euros with a decimal
// comma, days are gg/mm/aaaa and instants are Rome's time. A dotted column (`toPay.debitCents`) joins
// the labels of its parts: "Da pagare – Addebito in conto (€)". A field without a label here fails the
// archive's test, so a field the API gains is named before it reaches a customer.
import { formatDate } from '@sportello/domain';

/** Fields holding euro cents; `totalAmount` (a payment's) is in cents too. */
const isCents = (field: string) => field.endsWith('Cents') || field === 'totalAmount';

/** The Italian name of each field (the last part of a dotted column) and of each nested object. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  CreatedDate: 'Aperta il',
  PhaseCode: 'Fase',
  Status: 'Stato',
  acceptanceRequired: 'Da accettare',
  acceptedTime: 'Accettato il',
  account: 'Anagrafica',
  activationDate: 'Attivazione',
  address: 'Indirizzo',
  amountCents: 'Importo (€)',
  answer: 'Risposta',
  answeredAt: 'Risposta il',
  at: 'Data e ora',
  attachment: 'Allegato',
  attachments: 'Allegati',
  banking: 'Domiciliazione bancaria',
  bic: 'BIC',
  body: 'Testo',
  browser: 'Browser',
  byDate: 'Entro il',
  cancellation: 'Annullamento',
  category: 'Categoria (codice)',
  categoryLabel: 'Categoria',
  cliente: 'Cliente',
  commodity: 'Servizio',
  compensationCents: 'Indennizzo (€)',
  compensationInvoice: 'Bolletta dell’indennizzo',
  completedAt: 'Concluso il',
  confirmationDate: 'Confermato il',
  consenso: 'Consenso',
  contactPreference: 'Contatto preferito',
  contract: 'Contratto',
  contractId: 'Contratto (identificativo interno)',
  contracts: 'Contratti',
  createdAt: 'Creato il',
  customerId: 'Codice cliente',
  customerType: 'Tipo di cliente',
  daysLeft: 'Giorni rimasti',
  deactivationDate: 'Cessazione',
  debitCents: 'Addebito in conto (€)',
  delegated: 'Per delega',
  description: 'Descrizione',
  detail: 'Dettaglio',
  device: 'Dispositivo',
  documentId: 'Documento',
  dueDate: 'Scadenza',
  email: 'E-mail',
  endDate: 'Fine',
  extKey: 'Codice nel gestionale',
  filedAt: 'Presentato il',
  firstName: 'Nome',
  fiscalCode: 'Codice fiscale',
  gatewayId: 'Circuito di pagamento',
  holderFiscalCode: 'Codice fiscale dell’intestatario',
  holderName: 'Intestatario del conto',
  id: 'Identificativo interno',
  installmentNumber: 'Rata n.',
  invoice: 'Bolletta',
  invoiceTypeCode: 'Tipo di bolletta',
  issueDate: 'Emessa il',
  items: 'Voci',
  keptUntil: 'Conservato fino al',
  key: 'Codice',
  kind: 'Tipo',
  lastName: 'Cognome',
  lastSeenAt: 'Ultimo accesso',
  link: 'Collegamento',
  locality: 'Comune',
  maskedIban: 'IBAN (in parte nascosto)',
  mn_msg_id: 'Identificativo del messaggio',
  name: 'Nome',
  nickname: 'Nome dato alla fornitura',
  notificationType: 'Tipo di notifica',
  number: 'Numero',
  offerId: 'Offerta',
  os: 'Sistema operativo',
  outcome: 'Esito',
  outstandingCents: 'Ancora da pagare (€)',
  overdue: 'Scaduta',
  payKind: 'Modo di pagamento',
  paymentLevel: 'Stato del pagamento',
  paymentPending: 'Pagamento in corso',
  periodEnd: 'Periodo fino al',
  periodStart: 'Periodo dal',
  phoneHome: 'Telefono fisso',
  phoneMobile: 'Cellulare',
  pointCode: 'POD/PDR',
  postalCode: 'CAP',
  prescribedCents: 'Prescritto (€)',
  privacyCompany: 'Consenso comunicazioni commerciali',
  privacyOthers: 'Consenso comunicazioni di terzi',
  province: 'Provincia',
  push: 'Notifica sull’app',
  pushId: 'Identificativo della notifica sull’app',
  readAt: 'Letto il',
  readTime: 'Letta il',
  readingDate: 'Data della lettura',
  receiveCommercialNotifications: 'Riceve comunicazioni commerciali',
  receiveTechNotifications: 'Riceve comunicazioni di servizio',
  rectification: 'Rettifica',
  redirectUrl: 'Pagina di pagamento',
  replyCompensationCents: 'Indennizzo per risposta in ritardo (€)',
  requestType: 'Tipo di richiesta',
  sentAt: 'Inviato il',
  shippingAddress: 'Indirizzo di recapito',
  shippingAddressChange: 'Cambio dell’indirizzo di recapito',
  startDate: 'Inizio',
  state: 'Stato',
  status: 'Stato',
  supply: 'Fornitura',
  suspendedBills: 'Bollette sospese',
  suspendedCents: 'Sospeso per reclamo (€)',
  suspendsCollection: 'Sospende la riscossione',
  technicalData: 'Dati tecnici',
  title: 'Titolo',
  toPay: 'Da pagare',
  totalAmount: 'Totale (€)',
  type: 'Tipo',
  userOptions: 'Preferenze',
  userOutcome: 'Esito indicato dal cliente',
  userOutcomeDate: 'Esito indicato il',
  username: 'Nome utente',
  utente: 'Utente',
  valore: 'Valore',
  vatNumber: 'Partita IVA',
  way: 'Modo',
  yoursCents: 'A tuo carico (€)',
};

/** The header of a dotted column, or null when a part has no label. */
export function columnLabel(column: string): string | null {
  const labels = column.split('.').map((part) => FIELD_LABELS[part]);
  return labels.every((label) => label !== undefined) ? labels.join(' – ') : null;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

let romeInstant: Intl.DateTimeFormat | undefined;

/** A value as an Italian spreadsheet reads it: "84,50" for cents, "21/11/2026", "21/11/2026 14:05", sì/no. */
export function cellText(column: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  const field = column.slice(column.lastIndexOf('.') + 1);
  if (typeof value === 'number' && isCents(field)) return (value / 100).toFixed(2).replace('.', ',');
  if (typeof value === 'string' && ISO_DAY.test(value)) return formatDate(value);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) {
    romeInstant ??= new Intl.DateTimeFormat('it-IT', {
      timeZone: 'Europe/Rome',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    return romeInstant.format(new Date(value)).replace(',', '');
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

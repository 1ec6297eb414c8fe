// What the archive tells beside the data (GDPR art. 15(1) a-h; ADR 069): who the controller is, the
// purposes with their legal bases and retention, the recipients, where the data come from and the
// rights — the domain's facts, the same the /privacy page shows — and what the archive does NOT hold,
// each with its reason: what the portal never keeps, and any file it could not include this time.
import {
  GARANTE_PRIVACY,
  GDPR_REPLY_MONTHS,
  PRIVACY_PURPOSES,
  PRIVACY_RECIPIENTS,
  PRIVACY_RIGHTS,
  PRIVACY_SOURCES,
} from '@sportello/domain';

/** Something an archive lacks and why. */
export interface Missing {
  what: string;
  why: string;
}

export interface Controller {
  name: string;
  legalName: string;
  vatNumber: string;
  legalAddress: string;
}

/** What no archive holds, whoever asks: what the portal never keeps or keeps elsewhere. */
export const NEVER_IN_AN_ARCHIVE: readonly Missing[] = [
  {
    what: 'La password',
    why: 'conserviamo solo un’impronta cifrata da cui non si può ricavare; mostrarla servirebbe solo a chi volesse indovinarla',
  },
  {
    what: 'I dati della carta di pagamento',
    why: 'non li riceviamo mai: li tratta solo il gestore dei pagamenti (Stripe)',
  },
  {
    what: 'Le foto del contatore inviate con le autoletture e gli allegati dei reclami',
    why: 'le letture e i reclami sono nell’archivio, i file no; se te ne serve una copia chiedila all’assistenza clienti',
  },
  {
    what: 'Le telefonate con l’assistenza, la corrispondenza cartacea e le scritture contabili',
    why: 'sono nei sistemi del fornitore, non nel portale: per averle chiedile all’assistenza clienti',
  },
  {
    what: 'I dati raccolti da Meta Pixel se hai accettato i cookie di marketing',
    why: 'li riceve e li conserva Meta, non noi: per averli rivolgiti a Meta',
  },
];

const bullet = (text: string) => `- ${text}`;

/** The art. 15 information as the archive's INFORMAZIONI-PRIVACY.txt (CRLF, like the README). */
export function privacyInformation(controller: Controller | null): string {
  const who = controller
    ? `${controller.legalName} (${controller.name}), ${controller.legalAddress}, partita IVA ${controller.vatNumber}`
    : 'la società del marchio con cui hai l’area clienti';
  return [
    'INFORMAZIONI SUL TRATTAMENTO DEI TUOI DATI (GDPR, articolo 15)',
    '',
    `Titolare del trattamento: ${who}.`,
    '',
    'PERCHÉ TRATTIAMO I DATI, SU QUALE BASE E PER QUANTO TEMPO',
    ...PRIVACY_PURPOSES.flatMap((p) => [
      bullet(p.what),
      `  Base giuridica: ${p.basis}`,
      `  Conservazione: ${p.retention}`,
    ]),
    '',
    'A CHI LI COMUNICHIAMO',
    ...PRIVACY_RECIPIENTS.map(bullet),
    '',
    'DA DOVE ARRIVANO',
    ...PRIVACY_SOURCES.map(bullet),
    '',
    'I TUOI DIRITTI',
    `Ti rispondiamo entro ${GDPR_REPLY_MONTHS} mese dalla richiesta (articolo 12 del GDPR).`,
    ...PRIVACY_RIGHTS.map((r) => bullet(`${r.name} (art. ${r.article}): ${r.how}`)),
    bullet(
      `Reclamo al ${GARANTE_PRIVACY.name}, ${GARANTE_PRIVACY.address}, ${GARANTE_PRIVACY.url} (art. 77).`,
    ),
    '',
  ].join('\r\n');
}

/** The README's part on what the archive lacks: always the general list, then this archive's own gaps. */
export function missingLines(missing: readonly Missing[]): string[] {
  return [
    'COSA NON CONTIENE QUESTO ARCHIVIO, E PERCHÉ',
    ...NEVER_IN_AN_ARCHIVE.map((m) => bullet(`${m.what}: ${m.why}.`)),
    ...(missing.length === 0
      ? [bullet('Tutti i documenti delle tue bollette sono inclusi.')]
      : missing.map((m) => bullet(`${m.what}: ${m.why}.`))),
  ];
}

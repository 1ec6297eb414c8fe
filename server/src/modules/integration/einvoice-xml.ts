// A bill's electronic invoice as the ERP sends it (ADR 067): the FatturaPA document the customer
// downloads beside the courtesy copy. It is read once, when loaded, by a streaming parser that never
// fetches or expands anything: a DOCTYPE (where entities would be declared: "billion laughs", external
// files) is refused, not skipped, and an undeclared entity is a well-formedness error. What is kept is
// the text as sent; what is checked is that it is one FatturaPA invoice whose total is the bill's.
import { SaxesParser } from 'saxes';
import { RecordRefusal } from './records.js';

/** FatturaPA's namespace, the same for versions 1.2 to 1.2.2 (FPA12 to the PA, FPR12 to others). */
export const FATTURA_PA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
const ROOT = 'FatturaElettronica';
const BODY = 'FatturaElettronicaBody';
/** Where the document's total (VAT and out-of-scope items included) is, under the body. */
const TOTAL_PATH = [BODY, 'DatiGenerali', 'DatiGeneraliDocumento', 'ImportoTotaleDocumento'];
/** FatturaPA's Amount2DecimalType. */
const AMOUNT = /^-?\d{1,11}\.\d{2}$/;

const refusal = (
  code: 'bill_xml_invalid' | 'bill_xml_doctype' | 'bill_xml_total_mismatch',
  message: string,
) => new RecordRefusal(code, [{ field: 'eInvoice.xml', message }]);

/** What the load reads of a FatturaPA document: its total in cents, when it states one. */
export interface FatturaPaFacts {
  totalCents: number | null;
}

/**
 * Reads a FatturaPA document (a RecordRefusal when it is not one): well formed, no DOCTYPE, root
 * FatturaElettronica in FatturaPA's namespace, exactly one body (a bill is one invoice).
 */
export function readFatturaPa(xml: string): FatturaPaFacts {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const path: string[] = [];
  let bodies = 0;
  let root: { local: string; uri: string } | null = null;
  let total: string | null = null;
  let text = '';
  let fault: RecordRefusal | null = null;
  parser.on('doctype', () => {
    fault ??= refusal('bill_xml_doctype', 'DOCTYPE non ammesso.');
  });
  parser.on('opentag', (tag) => {
    if (root === null) root = { local: tag.local, uri: tag.uri };
    path.push(tag.local);
    if (path.length === 2 && tag.local === BODY) bodies += 1;
    text = '';
  });
  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.on('closetag', () => {
    if (path.length === TOTAL_PATH.length + 1 && TOTAL_PATH.every((name, i) => path[i + 1] === name))
      total = text.trim();
    path.pop();
  });
  parser.on('error', (error) => {
    fault ??= refusal('bill_xml_invalid', error.message);
  });
  try {
    parser.write(xml.replace(/^\uFEFF/, '')).close();
  } catch (error) {
    fault ??= refusal('bill_xml_invalid', error instanceof Error ? error.message : String(error));
  }
  if (fault) throw fault;
  const top = root as { local: string; uri: string } | null;
  if (top?.local !== ROOT || top.uri !== FATTURA_PA_NAMESPACE)
    throw refusal('bill_xml_invalid', `Radice attesa: ${ROOT} (${FATTURA_PA_NAMESPACE}).`);
  if (bodies !== 1) throw refusal('bill_xml_invalid', `Attesa una sola ${BODY}, trovate ${bodies}.`);
  const stated = total as string | null;
  if (stated === null) return { totalCents: null };
  if (!AMOUNT.test(stated))
    throw refusal('bill_xml_invalid', `ImportoTotaleDocumento non valido: ${stated}.`);
  const [units, cents] = stated.replace('-', '').split('.') as [string, string];
  const magnitude = Number(units) * 100 + Number(cents);
  return { totalCents: stated.startsWith('-') ? -magnitude : magnitude };
}

/**
 * Checks a bill's XML against the bill: the document's total is its amount (its sections' sum), in
 * absolute value, since a credit note (TD04) states its total as a positive figure.
 */
export function checkBillXml(xml: string, amountCents: number): void {
  const { totalCents } = readFatturaPa(xml);
  if (totalCents !== null && Math.abs(totalCents) !== Math.abs(amountCents))
    throw refusal(
      'bill_xml_total_mismatch',
      `ImportoTotaleDocumento ${(totalCents / 100).toFixed(2)}, bolletta ${(amountCents / 100).toFixed(2)}.`,
    );
}

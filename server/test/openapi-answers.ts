// Holds the answers a generated suite received to the OpenAPI document the server serves: each status
// must be documented for its operation and each body must match that status's schema (ajv), so the
// document cannot drift from what the server answers. The suites record as they go and check once.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Call } from '@sportello/contract';

/** The parts of an OpenAPI document read here. */
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}
interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

interface Answer {
  call: string;
  status: number;
  body: string;
  what: string;
}

export class AnswerLog {
  private readonly answers: Answer[] = [];

  /** `document`: the served document the answers are held to (the integration API has its own, ADR 036). */
  constructor(private readonly document = PORTAL_DOCUMENT) {}

  /** Keeps an answer of `call`; `what` names the request that drew it, for the failure message. */
  record(call: Call, res: LightMyRequestResponse, what: string): LightMyRequestResponse {
    this.answers.push({ call: call.name, status: res.statusCode, body: res.body, what });
    return res;
  }

  get size(): number {
    return this.answers.length;
  }

  /** Every recorded answer the document does not describe, one line each; the log is emptied. */
  async mismatches(app: FastifyInstance): Promise<string[]> {
    const validators = await answerValidators(app, this.document);
    // One line per call, status and kind of mismatch, with the first answer that showed it.
    const found = new Map<string, string>();
    for (const answer of this.answers.splice(0)) {
      const where = `${answer.call} → ${answer.status}`;
      const validate = validators.get(answer.call)?.get(answer.status);
      if (!validate) {
        const problem = `${where}: status not documented`;
        if (!found.has(problem))
          found.set(problem, `${problem} (${answer.what}: ${answer.body.slice(0, 120)})`);
      } else if (!validate(JSON.parse(answer.body))) {
        const problem = `${where}: body does not match the document`;
        const errors = validate.errors?.map((e) => `${e.instancePath} ${e.message}`).join('; ');
        if (!found.has(problem)) found.set(problem, `${problem}: ${errors} (${answer.what})`);
      }
    }
    return [...found.values()];
  }
}

/** The served document, checked against the OpenAPI specification by swagger-parser. */
export async function servedDocument(app: FastifyInstance, url = PORTAL_DOCUMENT): Promise<OpenApiDocument> {
  const res = await app.inject({ url });
  const doc = res.json() as OpenApiDocument;
  // validate() dereferences the object it is given: it gets a copy.
  await SwaggerParser.validate(structuredClone(doc) as never);
  return doc;
}

const PORTAL_DOCUMENT = '/services/rest/openapi.json';

type Validators = Promise<Map<string, Map<number, ValidateFunction>>>;
const validatorsByApp = new WeakMap<FastifyInstance, Map<string, Validators>>();

/** Operation id → status → validator of the JSON body the document gives for it. */
function answerValidators(app: FastifyInstance, url: string) {
  const byDocument = validatorsByApp.get(app) ?? new Map<string, Validators>();
  validatorsByApp.set(app, byDocument);
  let validators = byDocument.get(url);
  if (!validators) {
    validators = servedDocument(app, url).then(compile);
    byDocument.set(url, validators);
  }
  return validators;
}

function compile(doc: OpenApiDocument): Map<string, Map<number, ValidateFunction>> {
  // OpenAPI 3.0 schemas: `nullable` is Ajv's own keyword; `example` and the like are annotations.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const operations = new Map<string, Map<number, ValidateFunction>>();
  for (const methods of Object.values(doc.paths)) {
    for (const operation of Object.values(methods)) {
      const byStatus = new Map<number, ValidateFunction>();
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (schema) byStatus.set(Number(status), ajv.compile(schema));
      }
      operations.set(operation.operationId, byStatus);
    }
  }
  return operations;
}

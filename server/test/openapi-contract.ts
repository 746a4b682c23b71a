import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

/** `~` and `/` are escaped in a JSON pointer segment. */
const pointerSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Validates real answers against an OpenAPI 3.1 document with a JSON Schema 2020-12 validator:
 * `check(path, status, body)` returns the validation errors of `body` against the documented
 * `application/json` response of `GET path` with that status (an empty list when it conforms).
 * @throws when the document has no such response, so an undocumented answer fails the test.
 */
export function openApiContract(document: object): (path: string, status: number, body: unknown) => string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  return (path, status, body) => {
    const pointer = ['paths', path, 'get', 'responses', String(status), 'content', 'application/json', 'schema']
      .map(pointerSegment)
      .join('/');
    const validate = ajv.getSchema(`openapi.json#/${pointer}`);
    if (!validate) throw new Error(`The document has no JSON response ${status} for GET ${path}`);
    return validate(body)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''}`);
  };
}

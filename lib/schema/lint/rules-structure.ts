/** Rules over the shape of `input_schema`: it compiles, it is an object, its names are real. */
import { isRecord } from "@/lib/protocol/json-value";
import { compileSchema, getAjv } from "@/lib/schema/ajv";
import { chooseDialect } from "@/lib/schema/dialect";
import { explainAjvErrors } from "@/lib/schema/explain-errors";
import { appendPointer, describeValue, formatJsonValue } from "@/lib/schema/pointer";
import { findRefusedPatterns } from "@/lib/schema/refused-patterns";
import { isKnownKeyword, measureEditDistance, suggestKeyword } from "./keywords";
import { listPropertyNames } from "./schema-walk";
import type { LintContext, LintFinding } from "./types";

const ROOT = "/input_schema";
const WHY_INVALID = "providers reject such a schema and Toolscope cannot validate calls against it";

/**
 * `invalid-json-schema`: the schema does not match the meta-schema of its dialect (2020-12, or
 * draft-07 when `$schema` says so; see `chooseDialect`), checked with that dialect's Ajv, or it
 * does not compile (e.g. a `$ref` that resolves nowhere). Source: JSON Schema 2020-12 and
 * draft-07 meta-schemas (https://json-schema.org/specification); Anthropic's `input_schema` is
 * "A JSON Schema object defining the expected parameters for the tool"
 * (https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use).
 */
export function checkInvalidJsonSchema({ schema }: LintContext): LintFinding[] {
  if (!isRecord(schema)) return []; // top-level-object says so
  const { dialect } = chooseDialect(schema);
  const fail = (path: string, problem: string) => ({
    path,
    message: `${problem} (JSON Schema ${dialect}): fix it — ${WHY_INVALID}.`,
  });
  try {
    const source = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
    delete source.$schema; // the dialect is chosen; ajv would look the URI up
    const ajv = getAjv(dialect);
    if (!ajv.validateSchema(source)) {
      const problems = explainAjvErrors(ajv.errors ?? [], source, "the schema");
      return problems.map((problem) => fail(`${ROOT}${problem.path}`, capitalize(problem.message)));
    }
  } catch (error) {
    return [fail(ROOT, `The schema could not be checked: ${(error as Error).message}`)];
  }
  // A refused pattern is what keeps it from compiling: `regex-unsupported` names each one.
  if (findRefusedPatterns(schema, ROOT).length > 0) return [];
  const compiled = compileSchema(schema);
  return compiled.ok ? [] : [fail(ROOT, `The schema does not compile: ${compiled.error}`)];
}

/**
 * `regex-unsupported`: a `pattern` or `patternProperties` regex this server runs only on a
 * linear-time engine (RE2), which refuses backreferences, lookarounds and repeat counts over
 * 1,000, so Toolscope cannot validate calls against the schema (and `POST /api/schema/validate`
 * refuses it). Providers may accept it; the finding is about this harness. Source: RE2's syntax
 * (https://github.com/google/re2/wiki/Syntax).
 */
export function checkRegexUnsupported({ schema }: LintContext): LintFinding[] {
  return findRefusedPatterns(schema, ROOT).map((refused) => ({
    path: refused.pointer,
    message: `The regex ${formatJsonValue(refused.pattern)} cannot run here: ${refused.error}. Rewrite it without backreferences or lookarounds so calls can be validated.`,
  }));
}

/**
 * `top-level-object`: `input_schema` must be an object schema, `"type": "object"`. Anthropic's
 * `Tool.InputSchema` declares `type: 'object'` (Messages API, `tools[].input_schema`:
 * https://docs.claude.com/en/api/messages); OpenAI's "Supported schemas"
 * (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas): "the root level
 * object of a schema must be an object".
 */
export function checkTopLevelObject({ schema }: LintContext): LintFinding[] {
  const wrap = 'put the parameters under "properties" of {"type": "object", "properties": {…}}';
  if (!isRecord(schema)) {
    return [
      {
        path: ROOT,
        message: `input_schema must be an object schema, got ${describeValue(schema)}: ${wrap}.`,
      },
    ];
  }
  if (!Object.hasOwn(schema, "type")) {
    return [
      {
        path: ROOT,
        message:
          'input_schema has no "type": add "type": "object" — Anthropic and OpenAI take tool input only as an object.',
      },
    ];
  }
  if (schema.type === "object") return [];
  return [
    {
      path: `${ROOT}/type`,
      message: `input_schema has "type": ${formatJsonValue(schema.type)}, but tool input must be an object: set it to "object" and ${wrap}.`,
    },
  ];
}

/**
 * `required-unknown`: a name in `required` that `properties` does not define — usually a typo or
 * a renamed property; the model is asked for a field nobody describes. Source: JSON Schema
 * validation, `required` (https://json-schema.org/draft/2020-12/json-schema-validation#name-required).
 */
export function checkRequiredUnknown({ nodes }: LintContext): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const node of nodes) {
    const { required, properties } = node.schema;
    if (!Array.isArray(required) || !isRecord(properties)) continue;
    const names = listPropertyNames(node.schema);
    required.forEach((name, index) => {
      if (typeof name !== "string" || Object.hasOwn(properties, name)) return;
      const near = names.find((known) => {
        const distance = measureEditDistance(name, known, 2);
        return distance <= 2 && distance * 2 < Math.max(name.length, known.length);
      });
      const rename = near === undefined ? "" : `rename it to "${near}" if that is the property meant, or `;
      findings.push({
        path: appendPointer(appendPointer(node.pointer, "required"), index),
        message: `"${name}" is required but not defined in \`properties\`: ${rename}add a "${name}" property with its type and description.`,
      });
    });
  }
  return findings;
}

/**
 * `unknown-keyword`: a key in a schema that is no JSON Schema keyword (2020-12 or draft-07) nor
 * a common annotation (see `KNOWN_KEYWORDS`); validators ignore it (JSON Schema core, "Unknown
 * keywords": https://json-schema.org/draft/2020-12/json-schema-core#name-unknown-keywords), so
 * a typo such as `require` silently drops a constraint. The nearest keyword is suggested.
 */
export function checkUnknownKeyword({ nodes }: LintContext): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const node of nodes) {
    for (const key of Object.keys(node.schema)) {
      if (isKnownKeyword(key)) continue;
      const near = suggestKeyword(key);
      const label = JSON.stringify(key);
      findings.push({
        path: appendPointer(node.pointer, key),
        message:
          near === undefined
            ? `${label} is not a JSON Schema keyword, so validators ignore it: remove it, or name it "x-${key}" if it is your own annotation (a property belongs under "properties").`
            : `${label} is not a JSON Schema keyword, so validators ignore it: did you mean "${near}"? Rename it.`,
      });
    }
  }
  return findings;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

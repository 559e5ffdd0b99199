import { ValidateSchemaBody, type ValidateReply } from "@/lib/contract/schema";
import { findRefusedPatterns } from "@/lib/schema/refused-patterns";
import { validateInput, validateInputs } from "@/lib/schema/validate";
import { readJsonBody } from "@/lib/server/body";
import { refuse, succeed, type Outcome } from "@/lib/agent/outcome";
import { respond } from "@/lib/server/respond";

export const dynamic = "force-dynamic";

/**
 * `POST /api/schema/validate` (docs/api.md): `{ schema, input }` → `{ valid, errors }`, or
 * `{ schema, inputs }` → `{ results: [{ valid, errors }] }` in input order. Stateless. An invalid
 * schema is a verdict (`valid: false`, keyword `schema`), not a 400 — except one whose `pattern`
 * or `patternProperties` regex the linear-time engine refuses: a 400 naming that field, since
 * the server would otherwise have to run it on a backtracking engine. A body that is not one of
 * the two shapes is a 400 naming the field.
 */
export async function POST(request: Request) {
  const body = await readJsonBody(request, ValidateSchemaBody, { maxDepth: Infinity });
  if (!body.ok) return body.response;
  return respond<ValidateReply>(runValidation(body.value));
}

function runValidation(body: ValidateSchemaBody): Outcome<ValidateReply> {
  const refused = findRefusedPatterns(body.schema, "/schema")[0];
  if (refused)
    return refuse(
      "invalid",
      `The regex at ${refused.pointer} cannot run here: ${refused.error}`,
      refused.pointer,
    );
  const hasInput = Object.hasOwn(body, "input");
  const hasInputs = Object.hasOwn(body, "inputs");
  if (hasInput && hasInputs) return refuse("invalid", "Send either /input or /inputs, not both", "/inputs");
  if (body.inputs) return succeed({ results: validateInputs(body.schema, body.inputs) });
  if (!hasInput) return refuse("invalid", "/input is required (or /inputs, to validate several)", "/input");
  return succeed(validateInput(body.schema, body.input));
}

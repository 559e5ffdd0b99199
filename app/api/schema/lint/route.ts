import { lintToolDefinition } from "@/lib/schema/lint/lint";
import { LintBody, type LintReply } from "@/lib/contract/schema";
import { readJsonBody } from "@/lib/server/body";
import { succeed } from "@/lib/agent/outcome";
import { respond } from "@/lib/server/respond";

export const dynamic = "force-dynamic";

/**
 * `POST /api/schema/lint` (docs/api.md): `{ tool, providers? }` → `{ diagnostics: [{ rule, severity,
 * path, message, provider? }] }`, sorted by path then rule; providers default to all three.
 * Stateless. A definition full of problems is an answer (diagnostics), not a 400; a body that is
 * not `{ tool: { name, input_schema, … } }`, or names an unknown provider, is a 400 with its path.
 */
export async function POST(request: Request) {
  const body = await readJsonBody(request, LintBody, { maxDepth: Infinity });
  if (!body.ok) return body.response;
  const { tool, providers } = body.value;
  return respond<LintReply>(
    succeed({ diagnostics: lintToolDefinition(tool, providers === undefined ? {} : { providers }) }),
  );
}

import { trustProvider } from "@/lib/agent/provider-trust";
import { TrustProviderBody, type TrustedProvider } from "@/lib/contract/sessions";
import { readJsonBody } from "@/lib/server/body";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/** A person trusts the base URL an import brought (docs/api.md, "Sessions"): runs may use it from now on. */
export const POST = withDatabaseErrors(async function POST(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
) {
  const { id } = await params;
  const body = await readJsonBody(request, TrustProviderBody);
  if (!body.ok) return body.response;
  return respond<TrustedProvider>(trustProvider(getRuntime(), id));
});

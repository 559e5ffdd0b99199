import { UpdateSettingsBody, type SettingsView } from "@/lib/contract/settings";
import { readJsonBody } from "@/lib/server/body";
import { errorResponse, jsonResponse } from "@/lib/server/http";
import { describeSettings, updateSettings, type CheckProvider } from "@/lib/server/settings-view";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

const checkProvider: CheckProvider = (config) => getRuntime().providers.explain(config);

/** The providers' key status (masked), default models and base URLs, and which can run. */
export const GET = withDatabaseErrors(function GET() {
  return jsonResponse<SettingsView>(describeSettings(checkProvider));
});

/** Stores or clears keys and defaults, then answers like `GET`. A key is never echoed, not even in an error. */
export const PUT = withDatabaseErrors(async function PUT(request: Request) {
  const body = await readJsonBody(request, UpdateSettingsBody);
  if (!body.ok) return withoutQuotedInput(body.response);
  try {
    updateSettings(body.value);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    return errorResponse(500, `Could not save the settings in the data directory (${code}).`);
  }
  return jsonResponse<SettingsView>(describeSettings(checkProvider));
});

/**
 * V8's JSON.parse messages quote a few characters around the fault, which may be part of a
 * key: a malformed body gets a message that quotes nothing. Schema errors never quote values.
 */
async function withoutQuotedInput(response: Response): Promise<Response> {
  if (response.status !== 400) return response;
  const { error } = (await response.clone().json()) as { error?: string };
  if (!error?.startsWith("Malformed JSON")) return response;
  return errorResponse(400, "Malformed JSON: the body is not a valid JSON document.", { path: "" });
}

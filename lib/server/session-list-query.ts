import "server-only";
import type { SessionSource } from "@/lib/store/store";

/** `GET /api/sessions`' query (docs/api.md, "Sessions"): a page size, where to go on from, and a source. */
export interface SessionListQuery {
  limit: number;
  cursor?: string;
  source?: SessionSource;
}

export const DEFAULT_SESSION_PAGE = 100;
export const MAX_SESSION_PAGE = 500;
const SOURCES: readonly SessionSource[] = ["run", "capture", "import"];

/** Reads the query, or says which parameter is wrong and what it takes. */
export function readSessionListQuery(
  params: URLSearchParams,
): { ok: true; value: SessionListQuery } | { ok: false; error: string; path: string } {
  const rawLimit = params.get("limit");
  const limit = rawLimit === null ? DEFAULT_SESSION_PAGE : Number(rawLimit);
  if (rawLimit !== null && (!/^\d+$/.test(rawLimit) || limit < 1 || limit > MAX_SESSION_PAGE))
    return {
      ok: false,
      error: `limit must be an integer from 1 to ${MAX_SESSION_PAGE}; got "${rawLimit}".`,
      path: "limit",
    };
  const source = params.get("source");
  if (source !== null && !SOURCES.includes(source as SessionSource))
    return {
      ok: false,
      error: `source must be one of ${SOURCES.join(", ")}; got "${source}".`,
      path: "source",
    };
  const cursor = params.get("cursor");
  return {
    ok: true,
    value: {
      limit,
      ...(cursor !== null ? { cursor } : {}),
      ...(source !== null ? { source: source as SessionSource } : {}),
    },
  };
}

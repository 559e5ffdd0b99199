import "server-only";
import { Type } from "@sinclair/typebox";
import type { ImportInput } from "@/lib/agent/import/types";
import { readJsonBody, readTextBody } from "./body";
import { errorResponse } from "./http";

/** The import body limit: 20 MiB (docs/api.md). */
export const IMPORT_BODY_LIMIT_BYTES = 20 * 1024 * 1024;

/** Any JSON value: what it is, the importer works out (a 422 when it is nothing it reads). */
const AnyJson = Type.Unknown();

export type ImportRequestResult = { ok: true; input: ImportInput } | { ok: false; response: Response };

/**
 * Reads `POST /api/import`'s body, at most {@link IMPORT_BODY_LIMIT_BYTES} (else 413). A JSON
 * content type is parsed as JSON (malformed JSON: 400); any other body (`text/plain`, a file
 * sent as is) is read as UTF-8 text for the importer, which still reads it as JSON when it is.
 */
export async function readImportRequest(request: Request): Promise<ImportRequestResult> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (/\bjson\b/.test(type)) {
    const body = await readJsonBody(request, AnyJson, { limitBytes: IMPORT_BODY_LIMIT_BYTES });
    return body.ok ? { ok: true, input: { kind: "json", value: body.value } } : body;
  }
  const read = await readTextBody(request, { limitBytes: IMPORT_BODY_LIMIT_BYTES });
  if (!read.ok) return read;
  const { text } = read;
  if (text.trim() === "")
    return {
      ok: false,
      response: errorResponse(
        400,
        "The request body is empty: expected an import (see docs/api.md, Import).",
        {
          path: "",
        },
      ),
    };
  return { ok: true, input: { kind: "text", text } };
}

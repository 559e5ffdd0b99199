import { Type, type Static } from "@sinclair/typebox";
import { closed, literals } from "./helpers";

/**
 * `POST /api/import` (docs/api.md, "Import"). The body is any of several files (an export, a
 * request or response body, an SSE capture as text, a HAR), so it is read by the import itself.
 */

/** The kinds of file an import understands. */
export const IMPORT_FORMATS = ["toolscope-export", "request", "response", "sse", "har", "otlp"] as const;

/** `201`: the new session, what the input was read as, and what was lenient or repaired. */
export const ImportReply = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    detected: Type.Object(
      {
        format: literals(IMPORT_FORMATS),
        /** The wire format of its traffic; for an export, the exported session's provider kind. */
        provider: literals(["offline", "anthropic", "openai-chat", "openai-responses"]),
      },
      closed,
    ),
    notes: Type.Array(Type.String()),
  },
  closed,
);
export type ImportReply = Static<typeof ImportReply>;

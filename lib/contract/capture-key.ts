import { Type, type Static } from "@sinclair/typebox";
import { closed } from "./helpers";

/** `POST /api/capture/key`'s body: `{}` (there is nothing to choose). */
export const CaptureKeyBody = Type.Object({}, closed);
export type CaptureKeyBody = Static<typeof CaptureKeyBody>;

/**
 * `POST /api/capture/key`: the API key a client gives the capture endpoints — the launch token —
 * for the Settings page's `export …_API_KEY=…` lines. Handed out only when asked (a POST, never
 * part of a page or a GET), only to a caller that already holds the token or its cookie.
 */
export const CaptureKey = Type.Object({ apiKey: Type.String({ minLength: 1 }) }, closed);
export type CaptureKey = Static<typeof CaptureKey>;

/** Types of capture-core.mjs: the capture endpoints' edge rules, shared by the proxy and the server in front of Next. */

export type CaptureFamily = "anthropic" | "openai" | "unknown";

export const CAPTURE_BODY_LIMIT_BYTES: number;
export const CAPTURE_AUTH_MESSAGE: string;
export function captureFamily(pathname: string | null | undefined): CaptureFamily | null;
export function readCaptureKey(headers: {
  authorization: string | null | undefined;
  apiKey: string | null | undefined;
}): string | null;
export function captureKeyMatches(
  headers: { authorization: string | null | undefined; apiKey: string | null | undefined },
  token: string,
): boolean;
export function captureErrorBody(
  family: CaptureFamily,
  status: number,
  message: string,
):
  | { type: "error"; error: { type: string; message: string } }
  | { error: { message: string; type: string; code: string | null; param: null } };

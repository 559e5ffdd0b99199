import { Type, type Static } from "@sinclair/typebox";
import { closed, literals } from "./helpers";

/** docs/api.md, "Capture": `/api/capture`, and the provider-shaped errors of the capture endpoints. */

/** The kinds of upstream a capture can send a client's request to. */
export const UpstreamKind = literals(["offline", "anthropic", "openai", "openai-compatible"]);
export type UpstreamKind = Static<typeof UpstreamKind>;

/** One upstream: its name (what `x-toolscope-upstream` names), kind, base URL, and whether it can answer now. */
export const UpstreamStatus = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    kind: UpstreamKind,
    baseURL: Type.Optional(Type.String()),
    ready: Type.Boolean(),
    /** Why it cannot answer, when it cannot (no key, no base URL). */
    reason: Type.Optional(Type.String()),
    /** The wire formats it speaks. */
    formats: Type.Array(literals(["anthropic", "openai-chat", "openai-responses"])),
  },
  closed,
);
export type UpstreamStatus = Static<typeof UpstreamStatus>;

/** `GET /api/capture` and `200` of `PUT /api/capture`. */
export const CaptureView = Type.Object(
  {
    /** The base URLs to give a client: `ANTHROPIC_BASE_URL`, `OPENAI_BASE_URL`. */
    endpoints: Type.Object({ anthropic: Type.String(), openai: Type.String() }, closed),
    defaultUpstream: Type.String({ minLength: 1 }),
    upstreams: Type.Array(UpstreamStatus),
  },
  closed,
);
export type CaptureView = Static<typeof CaptureView>;

/** `PUT /api/capture`: the upstream a request goes to when it names none. */
export const UpdateCaptureBody = Type.Object(
  { defaultUpstream: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export type UpdateCaptureBody = Static<typeof UpdateCaptureBody>;

/** An error of the Anthropic endpoints, in Anthropic's own shape (so the SDK raises its own error class). */
export const AnthropicErrorBody = Type.Object(
  {
    type: Type.Literal("error"),
    error: Type.Object({ type: Type.String(), message: Type.String() }, closed),
  },
  closed,
);
export type AnthropicErrorBody = Static<typeof AnthropicErrorBody>;

/** An error of the OpenAI endpoints, in OpenAI's own shape. */
export const OpenAIErrorBody = Type.Object(
  {
    error: Type.Object(
      {
        message: Type.String(),
        type: Type.String(),
        code: Type.Union([Type.String(), Type.Null()]),
        param: Type.Union([Type.String(), Type.Null()]),
      },
      closed,
    ),
  },
  closed,
);
export type OpenAIErrorBody = Static<typeof OpenAIErrorBody>;

/** `POST …/v1/messages/count_tokens` answered by the offline upstream. */
export const CountTokensReply = Type.Object({ input_tokens: Type.Integer({ minimum: 0 }) }, closed);
export type CountTokensReply = Static<typeof CountTokensReply>;

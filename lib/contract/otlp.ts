import { Type, type Static } from "@sinclair/typebox";
import { closed } from "./helpers";

/**
 * `GET /api/sessions/:id/otlp` and `POST /api/sessions/:id/otlp` (docs/api.md, "OpenTelemetry").
 */

/** An OTLP/JSON `ExportTraceServiceRequest`, as the official OTLP transformer writes it. */
export const OtlpTraceFile = Type.Object({
  resourceSpans: Type.Array(
    Type.Object({ scopeSpans: Type.Array(Type.Unknown()) }, { additionalProperties: true }),
  ),
});
export type OtlpTraceFile = Static<typeof OtlpTraceFile>;

/** `POST /api/sessions/:id/otlp`: an empty object (nothing to choose yet). */
export const OtlpSendBody = Type.Object({}, closed);
export type OtlpSendBody = Static<typeof OtlpSendBody>;

/** `200`: what was delivered to the configured collector. */
export const OtlpSendReply = Type.Object(
  {
    endpoint: Type.String(),
    protocol: Type.Union([Type.Literal("http/protobuf"), Type.Literal("http/json")]),
    spans: Type.Integer({ minimum: 0 }),
    traces: Type.Integer({ minimum: 0 }),
  },
  closed,
);
export type OtlpSendReply = Static<typeof OtlpSendReply>;

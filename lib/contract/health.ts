import { Type, type Static } from "@sinclair/typebox";

/** `GET /api/health`: the only route that needs no token. */
export const HealthReply = Type.Object(
  { ok: Type.Literal(true), version: Type.String() },
  {
    additionalProperties: false,
  },
);
export type HealthReply = Static<typeof HealthReply>;

import { Type, type Static } from "@sinclair/typebox";

/** `POST /api/auth/revoke`'s body: `{}` (there is nothing to choose). */
export const RevokeBody = Type.Object({}, { additionalProperties: false });
export type RevokeBody = Static<typeof RevokeBody>;

/** `POST /api/auth/revoke`: cookies issued before `revokedBefore` (epoch seconds) no longer work. */
export const RevokeReply = Type.Object(
  { revokedBefore: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type RevokeReply = Static<typeof RevokeReply>;

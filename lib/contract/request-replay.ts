import { Type, type Static } from "@sinclair/typebox";
import { closed } from "./helpers";

/** `POST /api/sessions/:id/requests/:turn/replay`'s body: the upstream to send the captured request to. */
export const RequestReplayBody = Type.Object(
  { upstream: Type.String({ minLength: 1, maxLength: 100 }) },
  closed,
);
export type RequestReplayBody = Static<typeof RequestReplayBody>;

/**
 * The captured request of a turn sent again, unstreamed, to another upstream, beside what the
 * original upstream answered. Nothing is recorded: the session's log stays what the client did.
 */
export const RequestReplayReply = Type.Object(
  {
    turn: Type.Integer({ minimum: 1 }),
    upstream: Type.String(),
    /** The upstream's HTTP status. */
    status: Type.Integer(),
    /** The original turn's assembled response (`turn.completed.message`), or null when it never completed. */
    original: Type.Unknown(),
    /** The upstream's response body: JSON when it parsed, else its text. */
    replay: Type.Unknown(),
  },
  closed,
);
export type RequestReplayReply = Static<typeof RequestReplayReply>;

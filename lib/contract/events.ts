import { Type, type Static } from "@sinclair/typebox";
import type { TraceEvent } from "@/lib/trace/events";
import { closed, typed } from "./helpers";

/**
 * A `TraceEvent` (lib/trace/events.ts owns the union; docs/architecture.md lists its kinds): the
 * schema checks the envelope every event shares, the static type is the whole union.
 */
export const TraceEventSchema = typed<TraceEvent>(
  Type.Object(
    {
      seq: Type.Integer({ minimum: 0 }),
      at: Type.Number(),
      sessionId: Type.String({ minLength: 1 }),
      kind: Type.String({ pattern: "^[a-z]+\\.[a-z]+$" }),
    },
    { additionalProperties: true },
  ),
);

export const TraceEvents = Type.Array(TraceEventSchema);

/**
 * One message of `GET /api/sessions/:id/events` (`text/event-stream`): the SSE `id:` field is the
 * event's `seq`, `data:` its JSON; there is no `event:` field (docs/api.md, "Sessions").
 */
export const EventMessage = Type.Object({ id: Type.Integer({ minimum: 0 }), data: TraceEventSchema }, closed);
export type EventMessage = Static<typeof EventMessage>;

/**
 * `200` of `GET /api/sessions/:id/events?after=&limit=` (with `limit`, a JSON page instead of the
 * stream): at most `limit` events with `seq > after` (and `≤ through` when given), in order;
 * `lastSeq` is the log's last seq when the page was read (-1 for none); `nextAfter` is the
 * `after` of the next page, present while more remain below `through` (or the log's end).
 */
export const EventPage = Type.Object(
  {
    lastSeq: Type.Integer({ minimum: -1 }),
    nextAfter: Type.Optional(Type.Integer({ minimum: -1 })),
    /** With `bodies=shared`: the seqs of the requests whose bodies are shared (lib/trace/shared-bodies.ts). */
    sharedBodies: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }))),
    events: TraceEvents,
  },
  closed,
);
export type EventPage = Static<typeof EventPage>;

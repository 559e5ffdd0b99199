import { Type, type Static } from "@sinclair/typebox";

/**
 * Every error body (docs/api.md): `{ error, path?, ... }` — `error` a sentence for a person, `path`
 * a JSON Pointer (or a query parameter's name) when one field is at fault. Routes may add fields;
 * the ones they add today are declared here.
 */
export const ErrorBody = Type.Object(
  {
    error: Type.String({ minLength: 1 }),
    path: Type.Optional(Type.String()),
    /** 413: the limit the body passed. */
    limitBytes: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Fork, 422: the seqs a fork may start at. */
    validSeqs: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }))),
    /** Fork, 422: what the pairing check found in `edits.messages`. */
    problems: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
    /** MCP, 502: what the server wrote to stderr before it failed (bounded). */
    stderr: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type ErrorBody = Static<typeof ErrorBody>;

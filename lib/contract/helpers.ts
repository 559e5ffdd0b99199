import { Type, type TLiteral, type TSchema, type TUnion, type TUnsafe } from "@sinclair/typebox";

/** One schema for a list of string constants: `"a" | "b"` as a union of literals. */
export function literals<const T extends readonly string[]>(values: T): TUnion<TLiteral<T[number]>[]> {
  return Type.Union(values.map((value) => Type.Literal(value)));
}

/**
 * `schema`, with its static type taken from a type another pure layer owns (`TraceEvent` in
 * lib/trace, the unified message in lib/protocol). Routes that answer with that value already
 * hold it in that type, so the contract references the type instead of restating it.
 */
export function typed<T>(schema: TSchema): TUnsafe<T> {
  return Type.Unsafe<T>(schema);
}

/** A response object: its declared fields and nothing else, so an undeclared field fails the contract test. */
export const closed = { additionalProperties: false } as const;

/**
 * Checks a route's real answer against its lib/contract schema with the server's own ajv (the
 * one that validates request bodies), so a response that drifts from the contract fails a test.
 * Test-only.
 */
import type { TSchema } from "@sinclair/typebox";
import type { ValidateFunction } from "ajv";
import { expect } from "vitest";
import { getAjv } from "@/lib/schema/ajv";

const compiled = new WeakMap<TSchema, ValidateFunction>();

/** Every way `value` breaks `schema`, as `"<pointer> <message>"` lines; empty when it conforms. */
export function listContractViolations(schema: TSchema, value: unknown): string[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = getAjv("2020-12").compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (error) =>
      `${error.instancePath || "/"} ${error.message ?? error.keyword}${
        error.keyword === "additionalProperties"
          ? ` (${String((error.params as { additionalProperty?: unknown }).additionalProperty)})`
          : ""
      }`,
  );
}

/** Reads `response` as JSON and asserts its status and that its body conforms to `schema`; returns the body. */
export async function expectConforming<T = unknown>(
  response: Response,
  status: number,
  schema: TSchema,
): Promise<T> {
  const text = await response.text();
  expect({ status: response.status, text: response.status === status ? "" : text }).toEqual({
    status,
    text: "",
  });
  const body: unknown = JSON.parse(text);
  expect(listContractViolations(schema, body)).toEqual([]);
  return body as T;
}

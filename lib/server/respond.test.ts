import { describe, expect, it } from "vitest";
import { refuse, succeed } from "@/lib/agent/outcome";
import type { CreatedSession } from "@/lib/contract/sessions";
import { respond } from "./respond";

describe("respond: a use case's outcome as docs/api.md's response", () => {
  it("sends the value as JSON with the given status", async () => {
    const response = respond<CreatedSession>(succeed({ id: "ses_1" }), 201);
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ id: "ses_1" });
  });

  it.each([
    ["invalid", 400],
    ["not_found", 404],
    ["conflict", 409],
    ["unprocessable", 422],
  ] as const)("sends a %s problem as %i { error, path? }", async (kind, status) => {
    const withPath = respond(refuse(kind, "Bad.", "/at"));
    expect(withPath.status).toBe(status);
    expect(await withPath.json()).toEqual({ error: "Bad.", path: "/at" });
    const without = respond(refuse(kind, "Bad."));
    expect(await without.json()).toEqual({ error: "Bad." });
  });

  it("sends a problem's details beside error and path, in that order, without its kind", async () => {
    const response = respond(refuse("unprocessable", "Not a fork point.", "/at", { validSeqs: [3, 7] }));
    expect(response.status).toBe(422);
    expect(await response.text()).toBe('{"error":"Not a fork point.","path":"/at","validSeqs":[3,7]}');
  });
});

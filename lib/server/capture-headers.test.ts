import { describe, expect, it } from "vitest";
import { CLIENT_HEADERS, readClientHeaders } from "./capture-http";

describe("readClientHeaders", () => {
  const headers = new Headers({
    "content-type": "application/json",
    "User-Agent": "client/1",
    "x-api-key": "secret-key",
    authorization: "Bearer secret",
    "x-forwarded-for": "127.0.0.1",
    "referrer-policy": "no-referrer",
  });

  it("keeps only the headers the front server named as the client's, never its credentials", () => {
    const named = new Headers(headers);
    named.set(CLIENT_HEADERS, "content-type,user-agent,x-api-key,authorization");
    expect(readClientHeaders(named)).toEqual({
      "content-type": "application/json",
      "user-agent": "client/1",
    });
  });

  it("keeps every header but the credentials when no front server named them (tests, in process)", () => {
    expect(readClientHeaders(headers)).toEqual({
      "content-type": "application/json",
      "user-agent": "client/1",
      "x-forwarded-for": "127.0.0.1",
      "referrer-policy": "no-referrer",
    });
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, isApiError, requestJson, shouldRetry } from "./api";

/** Stubs `fetch` with one answer and returns the mock, to read what was sent. */
function stubFetch(status: number, body: string | null) {
  const fetchMock = vi.fn(async () => new Response(body, { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("requestJson", () => {
  it("returns the JSON body of a success and sends a JSON body as such", async () => {
    const fetchMock = stubFetch(201, JSON.stringify({ id: "child" }));
    await expect(requestJson("/api/x", { method: "POST", body: { at: 3 } })).resolves.toEqual({
      id: "child",
    });
    expect(fetchMock).toHaveBeenCalledWith("/api/x", {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: '{"at":3}',
      cache: "no-store",
    });
  });

  it("sends again a request the server turned away as busy (503 with Retry-After), then shows its 503", async () => {
    vi.useFakeTimers();
    try {
      const busy = () =>
        new Response(JSON.stringify({ error: "Toolscope is busy" }), {
          status: 503,
          headers: { "retry-after": "1" },
        });
      const fetchMock = vi
        .fn()
        .mockResolvedValueOnce(busy())
        .mockResolvedValueOnce(new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
      vi.stubGlobal("fetch", fetchMock);
      const answer = requestJson("/api/x", { method: "POST", body: {} });
      await vi.advanceTimersByTimeAsync(1000);
      await expect(answer).resolves.toEqual({ ok: 1 });
      expect(fetchMock).toHaveBeenCalledTimes(2);

      const always = vi.fn(async () => busy());
      vi.stubGlobal("fetch", always);
      const refused = requestJson("/api/x").catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(5000);
      expect(await refused).toMatchObject({ status: 503, message: "Toolscope is busy" });
      expect(always).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not send again a 503 without Retry-After (an upstream's own)", async () => {
    const fetchMock = stubFetch(503, JSON.stringify({ error: "upstream down" }));
    await expect(requestJson("/api/x")).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("returns undefined for a 204", async () => {
    stubFetch(204, null);
    await expect(requestJson("/api/x", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("keeps the whole error body beside the error text and path", async () => {
    const body = {
      error: "edited messages break a pairing rule",
      path: "/edits/messages",
      problems: [{ rule: "result-missing", messageIndex: 1 }],
      validSeqs: [0, 4],
    };
    stubFetch(422, JSON.stringify(body));
    const error = await requestJson("/api/x").catch((caught: unknown) => caught);
    expect(isApiError(error, 422)).toBe(true);
    const apiError = error as ApiError;
    expect(apiError.message).toBe("edited messages break a pairing rule");
    expect(apiError.path).toBe("/edits/messages");
    expect(apiError.body).toEqual(body);
  });

  it("names the status when the error body is not JSON, and keeps a null body", async () => {
    stubFetch(502, "bad gateway");
    const error = (await requestJson("/api/x").catch((caught: unknown) => caught)) as ApiError;
    expect([error.status, error.message, error.path, error.body]).toEqual([502, "HTTP 502", undefined, null]);
  });

  it("turns a network failure into status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("fetch failed");
      }),
    );
    const error = (await requestJson("/api/x").catch((caught: unknown) => caught)) as ApiError;
    expect([error.status, error.message, error.body]).toEqual([0, "fetch failed", null]);
  });
});

describe("shouldRetry", () => {
  it("never retries a 4xx and gives anything else two more tries", () => {
    expect(shouldRetry(0, new ApiError(404, "no"))).toBe(false);
    expect(shouldRetry(0, new ApiError(500, "boom"))).toBe(true);
    expect(shouldRetry(1, new ApiError(0, "offline"))).toBe(true);
    expect(shouldRetry(2, new ApiError(0, "offline"))).toBe(false);
  });
});

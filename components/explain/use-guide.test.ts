import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionKey } from "@/components/data/query-keys";
import type { SessionDetail } from "@/lib/contract/sessions";
import type { TraceEvent } from "@/lib/trace/events";
import { refreshLesson } from "./use-guide";

const event = (seq: number): TraceEvent =>
  ({ seq, at: 1000 + seq, sessionId: "s1", kind: "user.message", turn: 1, text: `m${seq}` }) as TraceEvent;

/** A cached session detail with `events` and the lesson's count. */
function detail(events: TraceEvent[], sent: number): SessionDetail {
  return { session: { id: "s1", lesson: { sent, total: 3 } }, events } as unknown as SessionDetail;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("refreshLesson", () => {
  it("sets the server's lesson count and keeps the cached log as the live stream grew it", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(detail([event(0)], 2)), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const queryClient = new QueryClient();
    const cached = [event(0), event(1), event(2)];
    queryClient.setQueryData(sessionKey("s1"), detail(cached, 1));

    await refreshLesson(queryClient, "s1");

    const after = queryClient.getQueryData<SessionDetail>(sessionKey("s1"))!;
    expect(after.session.lesson).toEqual({ sent: 2, total: 3 });
    expect(after.events).toBe(cached);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe("/api/sessions/s1");
  });

  it("leaves an empty cache empty", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(detail([], 1)), { status: 200 }));
    const queryClient = new QueryClient();
    await refreshLesson(queryClient, "s1");
    expect(queryClient.getQueryData(sessionKey("s1"))).toBeUndefined();
  });
});

import { Type, type TSchema } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { readJsonBody, readTextBody } from "@/lib/server/body";

const MessageBody = Type.Object({ text: Type.String({ minLength: 1 }) }, { additionalProperties: false });

const SessionBody = Type.Object(
  {
    title: Type.Optional(Type.String()),
    provider: Type.Optional(
      Type.Object({
        kind: Type.Union([
          Type.Literal("offline"),
          Type.Literal("anthropic"),
          Type.Literal("openai-chat"),
          Type.Literal("openai-responses"),
        ]),
        pace: Type.Optional(Type.Number({ minimum: 0 })),
      }),
    ),
    tools: Type.Optional(
      Type.Array(
        Type.Object({
          name: Type.String(),
          mock: Type.Optional(
            Type.Union([
              Type.Object({ kind: Type.Literal("static"), result: Type.Unknown() }),
              Type.Object({ kind: Type.Literal("echo") }),
              Type.Object({ kind: Type.Literal("manual") }),
            ]),
          ),
        }),
      ),
    ),
    arguments: Type.Optional(Type.Union([Type.String(), Type.Object({ id: Type.Integer() })])),
  },
  { additionalProperties: false },
);

function post(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request("http://127.0.0.1:3000/api/x", {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
}

async function expectError(request: Request, status: number, body: unknown, schema: TSchema = SessionBody) {
  const result = await readJsonBody(request, schema);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.response.status).toBe(status);
  expect(result.response.headers.get("cache-control")).toBe("no-store");
  expect(await result.response.json()).toEqual(body);
}

function streamOf(
  chunks: number,
  chunkBytes: number,
  seen = { sent: 0, cancelled: false },
): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      if (seen.sent === chunks) return controller.close();
      seen.sent += 1;
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x20));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
}

describe("readJsonBody", () => {
  it("returns the parsed, valid body", async () => {
    const result = await readJsonBody(post(JSON.stringify({ text: "hi" })), MessageBody);
    expect(result).toEqual({ ok: true, value: { text: "hi" } });
  });

  it("accepts a body of exactly the limit", async () => {
    const body = JSON.stringify({ text: "x".repeat(100 - 11) });
    expect(body).toHaveLength(100);
    expect((await readJsonBody(post(body), MessageBody, { limitBytes: 100 })).ok).toBe(true);
  });

  describe("413", () => {
    it("when Content-Length declares more than the limit, before reading", async () => {
      const request = post(streamOf(1, 10), { "content-length": String(1024 * 1024 + 1) });
      await expectError(request, 413, {
        error: "The request body is larger than 1 MiB",
        limitBytes: 1048576,
      });
    });

    it("when the streamed body exceeds the limit though Content-Length lies", async () => {
      const seen = { sent: 0, cancelled: false };
      const request = post(streamOf(30, 64 * 1024, seen), { "content-length": "10" });
      await expectError(request, 413, {
        error: "The request body is larger than 1 MiB",
        limitBytes: 1048576,
      });
      expect(seen.cancelled).toBe(true);
      expect(seen.sent).toBeLessThan(30);
    });

    it("when a streamed body without Content-Length exceeds a custom limit", async () => {
      const request = post(streamOf(3, 1000));
      const result = await readJsonBody(request, MessageBody, { limitBytes: 2500 });
      expect(result.ok ? 200 : result.response.status).toBe(413);
    });

    it("names a 20 MiB limit in MiB", async () => {
      const request = post("{}", { "content-length": String(21 * 1024 * 1024) });
      const result = await readJsonBody(request, MessageBody, { limitBytes: 20 * 1024 * 1024 });
      expect(result.ok ? null : await result.response.json()).toEqual({
        error: "The request body is larger than 20 MiB",
        limitBytes: 20971520,
      });
    });
  });

  describe("400", () => {
    it("for malformed JSON", async () => {
      const result = await readJsonBody(post('{"text": '), MessageBody);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.response.status).toBe(400);
      const body = (await result.response.json()) as { error: string; path: string };
      expect(body.path).toBe("");
      expect(body.error).toMatch(/^Malformed JSON: ./);
    });

    it("for a body that is not UTF-8", async () => {
      await expectError(post(new Uint8Array([0x22, 0xff, 0x22])), 400, {
        error: "Malformed JSON: the body is not valid UTF-8",
        path: "",
      });
    });

    it("for an empty body where an object is expected", async () => {
      const expected = { error: "The request body is empty: expected a JSON object", path: "" };
      await expectError(post(null), 400, expected);
      await expectError(post("  \n"), 400, expected);
    });

    it.each([
      ["a wrong type", { text: 1 }, "/text must be a string", "/text"],
      ["a missing field", {}, "/text is required", "/text"],
      ["an unexpected property", { text: "a", foo: 1 }, "unexpected property /foo", "/foo"],
      ["a string too short", { text: "" }, "/text must be at least 1 character long", "/text"],
      ["the wrong root type", ["text"], "The request body must be an object", ""],
    ])("for %s", async (_name, body, error, path) => {
      await expectError(post(JSON.stringify(body)), 400, { error, path }, MessageBody);
    });

    it.each([
      [
        "a value outside a union of literals",
        { provider: { kind: "gemini" } },
        "/provider/kind must be one of offline, anthropic, openai-chat, openai-responses",
        "/provider/kind",
      ],
      [
        "a number below its minimum",
        { provider: { kind: "offline", pace: -1 } },
        "/provider/pace must be at least 0",
        "/provider/pace",
      ],
      [
        "a missing field in the branch the kind chose",
        { tools: [{ name: "t", mock: { kind: "static" } }] },
        "/tools/0/mock/result is required",
        "/tools/0/mock/result",
      ],
      [
        "an unknown discriminator",
        { tools: [{ name: "t", mock: { kind: "ask" } }] },
        "/tools/0/mock/kind must be one of static, echo, manual",
        "/tools/0/mock/kind",
      ],
      [
        "a missing discriminator",
        { tools: [{ name: "t", mock: {} }] },
        "/tools/0/mock/kind is required",
        "/tools/0/mock/kind",
      ],
      [
        "an error inside the only branch of the data's type",
        { arguments: { id: 1.5 } },
        "/arguments/id must be an integer",
        "/arguments/id",
      ],
      [
        "a type no branch accepts",
        { arguments: 3 },
        "/arguments must be a string or an object",
        "/arguments",
      ],
    ])("for %s", async (_name, body, error, path) => {
      await expectError(post(JSON.stringify(body)), 400, { error, path });
    });
  });

  it("escapes property names in JSON Pointers", async () => {
    await expectError(
      post(JSON.stringify({ text: "a", "a/b~c": 1 })),
      400,
      { error: "unexpected property /a~1b~0c", path: "/a~1b~0c" },
      MessageBody,
    );
  });
});

describe("readTextBody", () => {
  it("reads a body cut inside its last character, that character as U+FFFD", async () => {
    const bytes = new TextEncoder().encode("72°F");
    const read = await readTextBody(post(bytes.slice(0, 3)));
    expect(read).toEqual({ ok: true, text: "72\uFFFD" });
  });

  it("refuses a body with an invalid byte before its end", async () => {
    const read = await readTextBody(post(new Uint8Array([0x37, 0xff, 0x32])));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.response.status).toBe(400);
  });
});

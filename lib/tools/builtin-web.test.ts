import { describe, expect, test } from "vitest";
import { createRedactor, REDACTED } from "@/lib/store/redact";
import { httpGet } from "./builtin-web";
import { PLANTED_SECRETS, writeLongGuide } from "./canned-pages";
import { createToolSession } from "./testing/create-tool-session";

const run = (url: unknown) => createToolSession().run(httpGet, { url });
const KNOWN =
  "https://example.com/, https://example.com/docs, https://example.com/debug/env, https://example.com/status/500";

describe("http_get", () => {
  test("serves the home page with its status line and content type", async () => {
    const result = await run("https://example.com/");
    expect(result.isError).toBe(false);
    expect(result.content.split("\n").slice(0, 4)).toEqual([
      "HTTP 200 OK",
      "content-type: text/html; charset=utf-8",
      "",
      "<!doctype html>",
    ]);
    expect(result.content).toContain("<h1>Example Domain</h1>");
  });

  test("ignores the scheme, the case of the host, the query and the fragment", async () => {
    const home = await run("https://example.com/");
    for (const url of ["http://example.com", "HTTPS://EXAMPLE.COM/?q=1", "https://example.com/#top"])
      expect(await run(url)).toEqual(home);
  });

  test("serves a long guide, the same every time, longer than the default result budget", async () => {
    const result = await run("https://example.com/docs");
    const guide = writeLongGuide();
    expect(result.content).toBe(`HTTP 200 OK\ncontent-type: text/markdown; charset=utf-8\n\n${guide}`);
    expect(guide).toBe(writeLongGuide());
    expect(guide.length).toBe(19_988);
    expect(guide.startsWith("# The tool-use guide\n")).toBe(true);
    expect(guide.trimEnd().split("\n").at(-1)).toMatch(/^Section 22 covers parallel tool calls\./);
  });

  test("serves a page leaking every kind of secret the redaction rules know", async () => {
    const result = await run("https://example.com/debug/env");
    expect(result.isError).toBe(false);
    const redacted = createRedactor([])(result.content);
    for (const secret of Object.values(PLANTED_SECRETS)) {
      expect(result.content).toContain(secret);
      expect(redacted).not.toContain(secret);
    }
    expect(redacted.split(REDACTED)).toHaveLength(6);
    expect(redacted).toContain(`UPSTREAM_AUTHORIZATION=${REDACTED}`);
  });

  test("a 500 page is an error carrying its body", async () => {
    expect(await run("https://example.com/status/500")).toEqual({
      content:
        "HTTP 500 Internal Server Error\ncontent-type: text/plain; charset=utf-8\n\nInternal Server Error\n",
      isError: true,
    });
  });

  test("an unknown page is a 404 error listing the pages that exist", async () => {
    expect(await run("https://example.org/nope?x=1")).toEqual({
      content: `HTTP 404 Not Found for https://example.org/nope?x=1. This sandbox serves only canned pages: ${KNOWN}.`,
      isError: true,
    });
    expect((await run("https://example.com/__proto__")).content).toMatch(/^HTTP 404 Not Found/);
    expect((await run("https://example.com/constructor")).isError).toBe(true);
  });

  test("fetches only absolute http and https URLs", async () => {
    expect(await run("file:///etc/passwd")).toEqual({
      content: "Only http and https URLs can be fetched, not file: URLs.",
      isError: true,
    });
    expect(await run("ftp://example.com/")).toMatchObject({ isError: true });
    expect(await run("example.com")).toEqual({
      content: '"example.com" is not an absolute URL; write it like https://example.com/.',
      isError: true,
    });
    expect(await run(7)).toEqual({ content: "`url` must be a string.", isError: true });
  });
});

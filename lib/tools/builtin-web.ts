import "server-only";
import { CANNED_PAGES, CANNED_URLS } from "./canned-pages";
import { defineTool } from "./define-tool";
import { acceptArguments, fail, requireString, succeed } from "./tool-arguments";

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: "OK",
  404: "Not Found",
  500: "Internal Server Error",
};

/** The status line of a canned response. */
function writeStatusLine(status: number): string {
  return `HTTP ${status} ${STATUS_TEXT[status] ?? ""}`.trimEnd();
}

/** The `URL` for `raw`, or why it cannot be fetched. */
function parseHttpUrl(raw: string): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: `"${raw}" is not an absolute URL; write it like https://example.com/.` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, reason: `Only http and https URLs can be fetched, not ${url.protocol} URLs.` };
  return { ok: true, url };
}

/**
 * `http_get`: answers from `CANNED_PAGES` only, never the network. A 2xx page is the status
 * line, the content type and the body; an unknown page is a 404 error listing the known URLs,
 * and a 5xx page is an error with its body.
 */
export const httpGet = defineTool({
  name: "http_get",
  description:
    "Fetch a web page with an HTTP GET request and return its status, content type and text. Sandboxed: nothing reaches the network; only a few canned example.com pages exist and any other URL answers 404.",
  input_schema: {
    type: "object",
    properties: {
      url: {
        type: "string",
        format: "uri",
        maxLength: 2000,
        description: `Absolute http or https URL. The pages that exist: ${CANNED_URLS.join(", ")}.`,
      },
    },
    required: ["url"],
    additionalProperties: false,
  },
  meta: { readOnly: true, timeoutMs: 10_000 },
  execute: acceptArguments((args) => {
    const raw = requireString(args, "url");
    const parsed = parseHttpUrl(raw);
    if (!parsed.ok) return fail(parsed.reason);
    const page = CANNED_PAGES.get(`${parsed.url.hostname}${parsed.url.pathname}`)?.();
    if (!page)
      return fail(
        `${writeStatusLine(404)} for ${parsed.url.href}. This sandbox serves only canned pages: ${CANNED_URLS.join(", ")}.`,
      );
    const response = `${writeStatusLine(page.status)}\ncontent-type: ${page.contentType}\n\n${page.body}`;
    return page.status < 400 ? succeed(response) : fail(response);
  }),
});

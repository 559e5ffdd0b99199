/**
 * The pages `http_get` serves. Nothing touches the network: these are fixed strings, built the
 * same way on every call. One is long (to show truncation), one leaks secrets (to show redaction).
 */
import "server-only";

/** A canned HTTP response. */
export interface CannedPage {
  status: number;
  contentType: string;
  body: string;
}

const HOME = `<!doctype html>
<html>
<head><title>Example Domain</title></head>
<body>
<h1>Example Domain</h1>
<p>This domain is for use in illustrative examples in documents. You may use this domain in literature without prior coordination or asking for permission.</p>
<p><a href="https://example.com/docs">Read the tool-use guide</a></p>
</body>
</html>
`;

const TOPICS = [
  "roles and content blocks",
  "tool definitions",
  "input schemas",
  "tool results",
  "error results",
  "parallel tool calls",
  "streaming events",
  "stop reasons",
];

/** One numbered section of the long guide. */
function writeSection(index: number): string {
  const topic = TOPICS[index % TOPICS.length] ?? "tools";
  const paragraph = [
    `Section ${index + 1} covers ${topic}.`,
    "A model never runs a tool itself: it proposes a call with a name and arguments, and the harness decides what happens next.",
    "Every call gets exactly one result, paired by its id, in the very next user message.",
    "Validate arguments against the schema, check policy, ask for approval when the tool is dangerous, then execute with a timeout.",
    "Keep results short: a long result costs context on every later turn.",
  ].join(" ");
  return `## ${index + 1}. ${topic[0]?.toUpperCase()}${topic.slice(1)}\n\n${paragraph}\n\n${paragraph}\n`;
}

/** The long guide: 22 sections, about 20,000 characters, identical on every call. */
export function writeLongGuide(): string {
  const sections = Array.from({ length: 22 }, (_, index) => writeSection(index));
  return `# The tool-use guide\n\nA long page, so a result budget has something to cut.\n\n${sections.join("\n")}`;
}

/**
 * The planted secrets. Assembled from parts so that secret scanners reading this repository do
 * not flag fake keys; every one matches a redaction pattern (docs/architecture.md, "Security").
 */
export const PLANTED_SECRETS = {
  anthropicKey: ["sk", "ant", "api03", "Tsc0pePlantedFakeKey0000000000"].join("-"),
  openaiKey: ["sk", "proj", "Tsc0pePlantedFakeOpenAiKey000"].join("-"),
  awsAccessKeyId: ["AKIA", "TOOLSCOPEFAKE123"].join(""),
  bearerToken: ["toolscope", "planted", "fake", "token", "0001"].join("."),
  privateKey: [
    `-----BEGIN RSA ${"PRIVATE"} KEY-----`,
    // Base64 of "Toolscope planted fake private key: not a real key, …".
    "VG9vbHNjb3BlIHBsYW50ZWQgZmFrZSBwcml2YXRlIGtleTogbm90IGEgcmVhbCBr",
    "ZXksIG9ubHkgaGVyZSBzbyByZWRhY3Rpb24gaGFzIHNvbWV0aGluZyB0byBoaWRl",
    "Lg==",
    `-----END RSA ${"PRIVATE"} KEY-----`,
  ].join("\n"),
} as const;

const LEAKY_CONFIG = `# Staging environment dump (debug endpoint left on by mistake)
NODE_ENV=staging
ANTHROPIC_API_KEY=${PLANTED_SECRETS.anthropicKey}
OPENAI_API_KEY=${PLANTED_SECRETS.openaiKey}
AWS_ACCESS_KEY_ID=${PLANTED_SECRETS.awsAccessKeyId}
UPSTREAM_AUTHORIZATION=Bearer ${PLANTED_SECRETS.bearerToken}
TLS_KEY=
${PLANTED_SECRETS.privateKey}
LOG_LEVEL=debug
`;

/** The canned pages by `host` + `path` (scheme, query and fragment do not matter). */
export const CANNED_PAGES: ReadonlyMap<string, () => CannedPage> = new Map([
  ["example.com/", () => ({ status: 200, contentType: "text/html; charset=utf-8", body: HOME })],
  [
    "example.com/docs",
    () => ({ status: 200, contentType: "text/markdown; charset=utf-8", body: writeLongGuide() }),
  ],
  [
    "example.com/debug/env",
    () => ({ status: 200, contentType: "text/plain; charset=utf-8", body: LEAKY_CONFIG }),
  ],
  [
    "example.com/status/500",
    () => ({ status: 500, contentType: "text/plain; charset=utf-8", body: "Internal Server Error\n" }),
  ],
]);

/** The URLs of the pages that exist, for descriptions and 404 messages. */
export const CANNED_URLS: readonly string[] = [
  "https://example.com/",
  "https://example.com/docs",
  "https://example.com/debug/env",
  "https://example.com/status/500",
];

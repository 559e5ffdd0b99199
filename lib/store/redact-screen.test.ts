/**
 * The redactor's screen (`mayRewriteJson`) lets a stored text be served without parsing it only
 * when redacting the parsed value would change nothing: it must never say "no" to a value that a
 * secret (in any of its encodings) or a default pattern's match would rewrite, wherever the
 * value holds it — a string, a key, next to characters JSON escapes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRedactor, listSecretForms } from "./redact";

const SECRETS = [
  'typed-key-"quoted"\\back/slash+plus 0123456789',
  "plain-secret-value-42",
  "ключ-секрет-001",
];
const redact = createRedactor(SECRETS);

/** Pieces a value is made of: secrets in every encoding, default-pattern matches, escapable characters. */
const piece = fc.oneof(
  fc.constantFrom(...SECRETS.flatMap((secret) => listSecretForms(secret))),
  fc.constantFrom(
    "sk-ant-abcdefgh12345678",
    "sk-proj-ABCDEFGHIJKLMNOPqrstu",
    "Bearer\tabcdefghijklmnop0123",
    "\nBearer abcdefghijklmnopqrstuv==",
    "-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----",
    "xAKIAABCDEFGHIJKLMNOP",
  ),
  fc.constantFrom('"', "\\", "\n", "\u0001", "\u2028", " ", "é", "😀"),
  fc.string({ maxLength: 6 }),
);
const text = fc.array(piece, { maxLength: 5 }).map((pieces) => pieces.join(""));
const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    text,
    fc.integer(),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(text, tie("value"), { maxKeys: 3 }),
  ),
})).value;

describe("the redactor's screen of JSON text", () => {
  it("never lets through a value the redactor would rewrite", () => {
    fc.assert(
      fc.property(value, (item) => {
        const json = JSON.stringify({ seq: 1, kind: "user.message", body: item });
        const rewritten = JSON.stringify(redact(JSON.parse(json)));
        if (rewritten !== json) expect(redact.mayRewriteJson!(json)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("lets through text with nothing to redact, and reads secrets configured later", () => {
    let secrets: string[] = [];
    const later = createRedactor(() => secrets);
    const json = JSON.stringify({ text: "What is in notes/todo.md? plain-secret-value-42" });
    expect(later.mayRewriteJson!(json)).toBe(false);
    secrets = ["plain-secret-value-42"];
    expect(later.mayRewriteJson!(json)).toBe(true);
  });

  it("is absent for a redactor with patterns of its own (every text is parsed)", () => {
    expect(createRedactor([], [/secret/g]).mayRewriteJson).toBeUndefined();
  });
});

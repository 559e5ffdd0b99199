/** The keywords a tool schema may use, and the nearest one to a typo. */

/**
 * The keywords of JSON Schema 2020-12 (core, applicator, unevaluated, validation, meta-data,
 * format, content vocabularies: https://json-schema.org/draft/2020-12/json-schema-core and
 * json-schema-validation), those draft-07 and 2019-09 had that 2020-12 dropped, and annotations
 * common in tool schemas (OpenAPI's `nullable`, `example`, `discriminator`; editors'
 * `markdownDescription`; Gemini's `propertyOrdering`).
 */
export const KNOWN_KEYWORDS: readonly string[] = [
  // 2020-12 core
  "$schema", "$id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs",
  // applicator and unevaluated
  "prefixItems", "items", "contains", "additionalProperties", "properties", "patternProperties",
  "dependentSchemas", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not",
  "unevaluatedItems", "unevaluatedProperties",
  // validation
  "type", "const", "enum", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
  "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
  "maxProperties", "minProperties", "required", "dependentRequired",
  // meta-data, format, content
  "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
  "format", "contentEncoding", "contentMediaType", "contentSchema",
  // draft-07 and 2019-09
  "definitions", "dependencies", "additionalItems", "$recursiveRef", "$recursiveAnchor",
  // common annotations
  "nullable", "example", "discriminator", "externalDocs", "markdownDescription", "propertyOrdering",
]; // prettier-ignore

const KNOWN = new Set(KNOWN_KEYWORDS);

/** True for a keyword {@link KNOWN_KEYWORDS} lists or a vendor extension (`x-…`). */
export function isKnownKeyword(key: string): boolean {
  return KNOWN.has(key) || key.startsWith("x-");
}

/**
 * The known keyword nearest to `key`, when it is near enough to be a typo: the same but for
 * case, or within an edit distance of 2 (insertions, deletions, substitutions, adjacent
 * transpositions) and less than half the keyword's length. Ties go to the keyword listed first.
 */
export function suggestKeyword(key: string): string | undefined {
  const lower = key.toLowerCase();
  const sameCase = KNOWN_KEYWORDS.find((known) => known.toLowerCase() === lower);
  if (sameCase !== undefined) return sameCase;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const known of KNOWN_KEYWORDS) {
    const distance = measureEditDistance(lower, known.toLowerCase(), 2);
    if (distance < bestDistance && distance <= 2 && distance * 2 < known.length) {
      best = known;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The optimal-string-alignment distance between `a` and `b` (Levenshtein plus adjacent
 * transpositions), or `limit + 1` as soon as it is known to exceed `limit`.
 */
export function measureEditDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        readCell(previous, j) + 1,
        readCell(current, j - 1) + 1,
        readCell(previous, j - 1) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, readCell(before, j - 2) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return readCell(previous, b.length);
}

function readCell(row: readonly number[], index: number): number {
  return row[index] ?? Infinity;
}

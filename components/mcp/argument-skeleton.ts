/**
 * The arguments a direct call's editor starts with: every required property of the tool's
 * `inputSchema` with a placeholder of its type (its `default`, first `enum` value or `const` when
 * it has one). Optional properties are left out; a person adds them in the editor.
 */
export function buildArgumentSkeleton(schema: unknown, depth = 0): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema) || depth > 6) return null;
  const node = schema as Record<string, unknown>;
  if ("default" in node) return node.default;
  if ("const" in node) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== "null") : node.type;
  switch (type) {
    case "string":
      return "";
    case "integer":
    case "number":
      return typeof node.minimum === "number" ? node.minimum : 0;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return buildObject(node, depth);
    default:
      return node.properties ? buildObject(node, depth) : null;
  }
}

function buildObject(node: Record<string, unknown>, depth: number): Record<string, unknown> {
  const properties =
    typeof node.properties === "object" && node.properties !== null
      ? (node.properties as Record<string, unknown>)
      : {};
  const required = Array.isArray(node.required) ? node.required.filter((k) => typeof k === "string") : [];
  const out: Record<string, unknown> = {};
  for (const key of required) {
    const value = Object.hasOwn(properties, key) ? buildArgumentSkeleton(properties[key], depth + 1) : null;
    // defineProperty: a property named `__proto__` stays a property instead of setting the prototype.
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

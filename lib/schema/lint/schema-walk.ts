import { isRecord } from "@/lib/protocol/json-value";
import { appendPointer } from "@/lib/schema/pointer";
import type { SchemaNode } from "./types";

/** Keywords whose value is one subschema. */
const SINGLE = [
  "additionalProperties",
  "additionalItems",
  "unevaluatedItems",
  "unevaluatedProperties",
  "propertyNames",
  "contains",
  "if",
  "then",
  "else",
  "not",
  "contentSchema",
  "items",
] as const;
/** Keywords whose value is an array of subschemas (`items` too, in draft-07's tuple form). */
const LISTS = ["allOf", "anyOf", "oneOf", "prefixItems", "items"] as const;
/** Keywords whose value maps names to subschemas (draft-07 `dependencies` may also hold arrays). */
const MAPS = [
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "dependencies",
] as const;

/** Deeper than this, a schema is not walked further (no tool schema nests so deep; lint stays bounded). */
export const MAX_WALK_DEPTH = 200;

interface Pending {
  readonly value: unknown;
  readonly pointer: string;
  readonly via: string | null;
  readonly propertyName?: string;
  readonly objectDepth: number;
  readonly depth: number;
}

/**
 * Every object subschema of `schema`, the root first, in document order, each with a JSON
 * Pointer under `base`. Boolean subschemas and values that are not schemas are skipped, as are
 * keyword values that are data (`enum`, `const`, `default`, `examples`). Iterative, so any
 * nesting is safe; never throws.
 */
export function collectSchemaNodes(schema: unknown, base = "/input_schema"): SchemaNode[] {
  const nodes: SchemaNode[] = [];
  const stack: Pending[] = [{ value: schema, pointer: base, via: null, objectDepth: 0, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop() as Pending;
    if (!isRecord(next.value)) continue;
    const node: SchemaNode = {
      pointer: next.pointer,
      schema: next.value,
      via: next.via,
      objectDepth: next.objectDepth,
      ...(next.propertyName === undefined ? {} : { propertyName: next.propertyName }),
    };
    nodes.push(node);
    if (next.depth >= MAX_WALK_DEPTH) continue;
    // Pushed in reverse so the stack pops children in document order.
    stack.push(...listChildren(node, next.depth + 1).reverse());
  }
  return nodes;
}

function listChildren(node: SchemaNode, depth: number): Pending[] {
  const children: Pending[] = [];
  const objectDepth = node.objectDepth + (isObjectSchema(node.schema) ? 1 : 0);
  const add = (value: unknown, pointer: string, via: string, propertyName?: string) => {
    if (isRecord(value)) children.push({ value, pointer, via, objectDepth, depth, propertyName });
  };
  for (const [keyword, value] of Object.entries(node.schema)) {
    const at = appendPointer(node.pointer, keyword);
    if ((SINGLE as readonly string[]).includes(keyword)) add(value, at, keyword);
    if ((LISTS as readonly string[]).includes(keyword) && Array.isArray(value))
      value.forEach((item, index) => add(item, appendPointer(at, index), keyword));
    if ((MAPS as readonly string[]).includes(keyword) && isRecord(value)) {
      for (const [name, item] of Object.entries(value))
        add(item, appendPointer(at, name), keyword, keyword === "properties" ? name : undefined);
    }
  }
  return children;
}

/** True for a schema that describes objects: `type` is or includes `"object"`, or it lists `properties`. */
export function isObjectSchema(schema: Readonly<Record<string, unknown>>): boolean {
  const type = schema.type;
  if (type === "object") return true;
  if (Array.isArray(type) && type.includes("object")) return true;
  return type === undefined && isRecord(schema.properties);
}

/** The names under `properties`, when it is an object. */
export function listPropertyNames(schema: Readonly<Record<string, unknown>>): string[] {
  return isRecord(schema.properties) ? Object.keys(schema.properties) : [];
}

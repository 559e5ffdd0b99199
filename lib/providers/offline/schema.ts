/**
 * Reading a tool's `input_schema` defensively: it comes from a request body, so any part of it
 * may be missing or of the wrong type. Pure.
 */
import "server-only";
import { isRecord } from "@/lib/protocol/json-value";

/** One property of a tool's input schema. */
export interface PropertyView {
  name: string;
  schema: Readonly<Record<string, unknown>>;
  required: boolean;
  /** The JSON Schema `type` values the property allows (empty when it declares none). */
  types: string[];
}

const PATH_PROPERTY = /path|file|dir/i;

/** The declared `type` of a property schema as a list. */
function readTypes(schema: Record<string, unknown>): string[] {
  const type = schema.type;
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === "string");
  return [];
}

/** The properties of an input schema, in the schema's own order. Never throws. */
export function listProperties(inputSchema: unknown): PropertyView[] {
  if (!isRecord(inputSchema) || !isRecord(inputSchema.properties)) return [];
  const required = Array.isArray(inputSchema.required) ? inputSchema.required : [];
  return Object.entries(inputSchema.properties).map(([name, schema]) => {
    const record = isRecord(schema) ? schema : {};
    return { name, schema: record, required: required.includes(name), types: readTypes(record) };
  });
}

/** Whether a property's declared type allows a string. */
export function isStringProperty(property: PropertyView): boolean {
  return property.types.includes("string");
}

/** Whether a property is a string whose name says it holds a path (`path`, `file`, `dir`…). */
export function isPathProperty(property: PropertyView): boolean {
  return isStringProperty(property) && PATH_PROPERTY.test(property.name);
}

/** Whether the tool's schema requires a path-like string (its call is about one path). */
export function requiresPathProperty(inputSchema: unknown): boolean {
  return listProperties(inputSchema).some((property) => property.required && isPathProperty(property));
}

/** Whether any property of the tool's schema is a path-like string. */
export function hasPathProperty(inputSchema: unknown): boolean {
  return listProperties(inputSchema).some(isPathProperty);
}

/**
 * Reading an OTLP/JSON trace export (`ExportTraceServiceRequest`: `resourceSpans[].scopeSpans[].spans[]`)
 * into plain spans, checking every field it uses and naming the JSON Pointer of the first that
 * is wrong. Ids are hex (OTLP/JSON's encoding); times are nanosecond strings or numbers;
 * attribute values are OTLP `AnyValue`s, read as plain JSON values.
 */

export interface ReadSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's span kind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer (0 unspecified). */
  kind: number;
  startMs: number;
  endMs: number;
  attributes: Record<string, unknown>;
  events: { name: string; atMs: number; attributes: Record<string, unknown> }[];
  status: { code: number; message?: string };
  /** Where the span sits in the input, as a JSON Pointer. */
  path: string;
}

export type ReadOtlp = { ok: true; spans: ReadSpan[] } | { ok: false; error: string; path: string };

class OtlpError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether a JSON value has the shape of an OTLP/JSON trace export. */
export const isOtlpTrace = (value: unknown): boolean => isRecord(value) && Array.isArray(value.resourceSpans);

function list(value: unknown, path: string, what: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new OtlpError(`${what} must be a list`, path);
  return value;
}

function hexId(value: unknown, digits: number, path: string): string {
  if (typeof value !== "string" || !new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(value) || /^0+$/.test(value))
    throw new OtlpError(`must be a non-zero id of ${digits} hex digits (OTLP/JSON encodes ids as hex)`, path);
  return value.toLowerCase();
}

function nanosToMs(value: unknown, path: string): number {
  const text = typeof value === "number" && Number.isInteger(value) ? String(value) : value;
  if (typeof text !== "string" || !/^\d{1,20}$/.test(text))
    throw new OtlpError("must be a time in Unix nanoseconds (a string or integer of digits)", path);
  return Number(BigInt(text) / 1_000_000n) + Number(BigInt(text) % 1_000_000n) / 1e6;
}

/** An OTLP `AnyValue` as a plain value. */
function readAnyValue(value: unknown, path: string): unknown {
  if (!isRecord(value)) throw new OtlpError("must be an OTLP AnyValue object", path);
  if ("stringValue" in value) return String(value.stringValue);
  if ("boolValue" in value) return value.boolValue === true;
  if ("intValue" in value) {
    const number = Number(value.intValue);
    if (!Number.isFinite(number)) throw new OtlpError("intValue must be an integer", `${path}/intValue`);
    return number;
  }
  if ("doubleValue" in value) return Number(value.doubleValue);
  if ("bytesValue" in value) return String(value.bytesValue);
  if ("arrayValue" in value) {
    const array = isRecord(value.arrayValue) ? value.arrayValue.values : undefined;
    return list(array, `${path}/arrayValue/values`, "arrayValue.values").map((item, i) =>
      readAnyValue(item, `${path}/arrayValue/values/${i}`),
    );
  }
  if ("kvlistValue" in value) {
    const values = isRecord(value.kvlistValue) ? value.kvlistValue.values : undefined;
    return readAttributes(values, `${path}/kvlistValue/values`);
  }
  return null;
}

function readAttributes(value: unknown, path: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  list(value, path, "attributes").forEach((entry, i) => {
    if (!isRecord(entry) || typeof entry.key !== "string")
      throw new OtlpError("must be a { key, value } attribute", `${path}/${i}`);
    out[entry.key] = entry.value === undefined ? null : readAnyValue(entry.value, `${path}/${i}/value`);
  });
  return out;
}

function readSpan(value: unknown, path: string): ReadSpan {
  if (!isRecord(value)) throw new OtlpError("must be a span object", path);
  if (typeof value.name !== "string") throw new OtlpError("must be a string", `${path}/name`);
  const parent = value.parentSpanId;
  const status = isRecord(value.status) ? value.status : {};
  const startMs = nanosToMs(value.startTimeUnixNano, `${path}/startTimeUnixNano`);
  const endMs = nanosToMs(value.endTimeUnixNano, `${path}/endTimeUnixNano`);
  return {
    traceId: hexId(value.traceId, 32, `${path}/traceId`),
    spanId: hexId(value.spanId, 16, `${path}/spanId`),
    ...(typeof parent === "string" && parent !== ""
      ? { parentSpanId: hexId(parent, 16, `${path}/parentSpanId`) }
      : {}),
    name: value.name,
    kind: typeof value.kind === "number" ? value.kind : 0,
    startMs,
    endMs: Math.max(endMs, startMs),
    attributes: readAttributes(value.attributes, `${path}/attributes`),
    events: list(value.events, `${path}/events`, "events").map((event, i) => {
      const at = `${path}/events/${i}`;
      if (!isRecord(event) || typeof event.name !== "string")
        throw new OtlpError("must be an event with a name", at);
      return {
        name: event.name,
        atMs: nanosToMs(event.timeUnixNano, `${at}/timeUnixNano`),
        attributes: readAttributes(event.attributes, `${at}/attributes`),
      };
    }),
    status: {
      code: typeof status.code === "number" ? status.code : status.code === "STATUS_CODE_ERROR" ? 2 : 0,
      ...(typeof status.message === "string" && status.message ? { message: status.message } : {}),
    },
    path,
  };
}

/** Every span of an OTLP/JSON trace export, in input order, or the first problem and where it is. */
export function readOtlpTrace(value: unknown): ReadOtlp {
  try {
    if (!isOtlpTrace(value)) throw new OtlpError("must be a list of resource spans", "/resourceSpans");
    const spans: ReadSpan[] = [];
    const resources = (value as { resourceSpans: unknown[] }).resourceSpans;
    resources.forEach((resource, r) => {
      const at = `/resourceSpans/${r}`;
      if (!isRecord(resource)) throw new OtlpError("must be an object", at);
      list(resource.scopeSpans, `${at}/scopeSpans`, "scopeSpans").forEach((scope, s) => {
        const scopeAt = `${at}/scopeSpans/${s}`;
        if (!isRecord(scope)) throw new OtlpError("must be an object", scopeAt);
        list(scope.spans, `${scopeAt}/spans`, "spans").forEach((span, i) =>
          spans.push(readSpan(span, `${scopeAt}/spans/${i}`)),
        );
      });
    });
    return { ok: true, spans };
  } catch (error) {
    if (error instanceof OtlpError) return { ok: false, error: error.message, path: error.path };
    throw error;
  }
}

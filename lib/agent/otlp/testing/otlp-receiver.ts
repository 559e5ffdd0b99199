/**
 * A real OTLP/HTTP trace receiver on 127.0.0.1 for tests: it takes `POST /v1/traces` as
 * protobuf (decoded with the official OTLP transformer's protobuf reader) or JSON, turns either
 * into OTLP/JSON's shape and reads it with `readOtlpTrace`, so tests check the spans that
 * arrived. Test-only.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ProtobufReader } from "@opentelemetry/otlp-transformer/build/src/common/protobuf/protobuf-reader";
import { readOtlpTrace, type ReadSpan } from "@/lib/otel/read-otlp";

export interface ReceivedRequest {
  contentType: string;
  headers: http.IncomingHttpHeaders;
  /** The request as OTLP/JSON (protobuf decoded into the same shape). */
  body: { resourceSpans: unknown[] };
  spans: ReadSpan[];
}

export interface OtlpReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** Every span received so far, in arrival order. */
  spans(): ReadSpan[];
  /** The status the next requests are answered with (200 by default). */
  answerWith(status: number): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/** The fields of one protobuf message: number → values (bytes as sub-readers' buffers, fixed64 as bigint). */
function readFields(buffer: Uint8Array): Map<number, (number | bigint | Uint8Array)[]> {
  const reader = new ProtobufReader(buffer);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const fields = new Map<number, (number | bigint | Uint8Array)[]>();
  while (!reader.isAtEnd()) {
    const { fieldNumber, wireType } = reader.readTag();
    let value: number | bigint | Uint8Array;
    if (wireType === 0) value = reader.readVarint();
    else if (wireType === 2) value = reader.readBytes();
    else if (wireType === 1) {
      value = view.getBigUint64(reader.pos, true);
      reader.pos += 8;
    } else if (wireType === 5) {
      value = view.getUint32(reader.pos, true);
      reader.pos += 4;
    } else throw new Error(`unexpected wire type ${wireType}`);
    fields.set(fieldNumber, [...(fields.get(fieldNumber) ?? []), value]);
  }
  return fields;
}

const bytes = (f: Map<number, unknown[]>, n: number) => (f.get(n) ?? []) as Uint8Array[];
const text = (value: Uint8Array | undefined) => (value ? new TextDecoder().decode(value) : "");
const hex = (value: Uint8Array | undefined) => Buffer.from(value ?? []).toString("hex");

function decodeAnyValue(buffer: Uint8Array): Json {
  const f = readFields(buffer);
  if (f.has(1)) return { stringValue: text(bytes(f, 1)[0]) };
  if (f.has(2)) return { boolValue: f.get(2)![0] === 1 };
  if (f.has(3)) return { intValue: String(f.get(3)![0]) };
  if (f.has(4)) {
    const raw = f.get(4)![0] as bigint;
    const view = new DataView(new ArrayBuffer(8));
    view.setBigUint64(0, raw, true);
    return { doubleValue: view.getFloat64(0, true) };
  }
  if (f.has(5)) return { arrayValue: { values: bytes(readFields(bytes(f, 5)[0]!), 1).map(decodeAnyValue) } };
  if (f.has(6)) return { kvlistValue: { values: bytes(readFields(bytes(f, 6)[0]!), 1).map(decodeKeyValue) } };
  return {};
}

function decodeKeyValue(buffer: Uint8Array): Json {
  const f = readFields(buffer);
  return { key: text(bytes(f, 1)[0]), value: bytes(f, 2)[0] ? decodeAnyValue(bytes(f, 2)[0]!) : {} };
}

function decodeSpan(buffer: Uint8Array): Json {
  const f = readFields(buffer);
  const status = bytes(f, 15)[0] ? readFields(bytes(f, 15)[0]!) : new Map();
  return {
    traceId: hex(bytes(f, 1)[0]),
    spanId: hex(bytes(f, 2)[0]),
    parentSpanId: hex(bytes(f, 4)[0]),
    name: text(bytes(f, 5)[0]),
    kind: Number(f.get(6)?.[0] ?? 0),
    startTimeUnixNano: String(f.get(7)?.[0] ?? 0),
    endTimeUnixNano: String(f.get(8)?.[0] ?? 0),
    attributes: bytes(f, 9).map(decodeKeyValue),
    events: bytes(f, 11).map((event) => {
      const e = readFields(event);
      return {
        timeUnixNano: String(e.get(1)?.[0] ?? 0),
        name: text(bytes(e, 2)[0]),
        attributes: bytes(e, 3).map(decodeKeyValue),
      };
    }),
    status: { code: Number(status.get(3)?.[0] ?? 0), message: text(bytes(status, 2)[0]) },
  };
}

/** An `ExportTraceServiceRequest` in protobuf, as OTLP/JSON. */
export function decodeTraceRequest(buffer: Uint8Array): { resourceSpans: Json[] } {
  return {
    resourceSpans: bytes(readFields(buffer), 1).map((resourceSpans) => {
      const r = readFields(resourceSpans);
      const resource = bytes(r, 1)[0] ? readFields(bytes(r, 1)[0]!) : new Map();
      return {
        resource: { attributes: bytes(resource, 1).map(decodeKeyValue) },
        scopeSpans: bytes(r, 2).map((scopeSpans) => {
          const s = readFields(scopeSpans);
          const scope = bytes(s, 1)[0] ? readFields(bytes(s, 1)[0]!) : new Map();
          return { scope: { name: text(bytes(scope, 1)[0]) }, spans: bytes(s, 2).map(decodeSpan) };
        }),
      };
    }),
  };
}

/** Starts a receiver on a loopback port (an ephemeral one by default). */
export async function startOtlpReceiver(port = 0): Promise<OtlpReceiver> {
  const requests: ReceivedRequest[] = [];
  let status = 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks);
      const contentType = String(request.headers["content-type"] ?? "");
      if (status === 200 && request.url === "/v1/traces") {
        const body = contentType.includes("json")
          ? (JSON.parse(raw.toString("utf8")) as { resourceSpans: unknown[] })
          : decodeTraceRequest(new Uint8Array(raw));
        const read = readOtlpTrace(body);
        if (!read.ok) throw new Error(`the receiver could not read ${read.path}: ${read.error}`);
        requests.push({ contentType, headers: request.headers, body, spans: read.spans });
      }
      response.writeHead(status, {
        "content-type": contentType.includes("json") ? "application/json" : "application/x-protobuf",
      });
      response.end(contentType.includes("json") ? "{}" : "");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/v1/traces`,
    requests,
    spans: () => requests.flatMap((r) => r.spans),
    answerWith(next) {
      status = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A URL on which nothing listens (a collector that is down). */
export async function findClosedUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1/traces`;
}

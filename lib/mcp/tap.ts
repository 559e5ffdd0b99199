import "server-only";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";

/** Sees every JSON-RPC message that crosses a transport, in either direction, before it is handled. */
export type WireListener = (direction: "out" | "in", message: JSONRPCMessage) => void;

/**
 * A transport that hands every message to `listener` on its way out (before it is sent) and on
 * its way in (before the SDK's client handles it), so the log holds the wire as it was: the
 * wire tap of MCP, as lib/providers' tap is of SSE.
 */
export class TappedTransport implements Transport {
  private handler?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  constructor(
    private readonly inner: Transport,
    private readonly listener: WireListener,
  ) {
    inner.onmessage = (message, extra) => {
      this.safely("in", message);
      this.handler?.(message, extra);
    };
  }

  private safely(direction: "out" | "in", message: JSONRPCMessage) {
    try {
      this.listener(direction, message);
    } catch {
      // A listener that fails must not cost the connection its messages.
    }
  }

  get onmessage() {
    return this.handler;
  }
  set onmessage(handler) {
    this.handler = handler;
  }
  get onclose() {
    return this.inner.onclose;
  }
  set onclose(handler) {
    this.inner.onclose = handler;
  }
  get onerror() {
    return this.inner.onerror;
  }
  set onerror(handler) {
    this.inner.onerror = handler;
  }
  get sessionId() {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.safely("out", message);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }
}

import type { RevokeReply } from "./auth";
import type { AnthropicErrorBody, CaptureView, CountTokensReply, OpenAIErrorBody } from "./capture";
import type { CaptureKey } from "./capture-key";
import type { RequestReplayReply } from "./request-replay";
import type { ErrorBody } from "./errors";
import type { EventPage } from "./events";
import type { HealthReply } from "./health";
import type { ImportReply } from "./import";
import type { ScenarioDetail, ScenarioList } from "./lessons";
import type { OtlpSendReply, OtlpTraceFile } from "./otlp";
import type { InspectReply, McpCallReply, McpOfferedServers, McpSessionServers, McpTrustReply } from "./mcp";
import type { PipelineReply } from "./pipeline";
import type { ReplayReply } from "./replay";
import type { BreakpointsReply, CallStatusReply, ControlReply } from "./runs";
import type { LintReply, ValidateReply } from "./schema";
import type {
  ConfiguredSession,
  CreatedSession,
  SessionDetail,
  SessionList,
  StartedRun,
  TrustedProvider,
} from "./sessions";
import type { SettingsView } from "./settings";
import type { SessionExport, TranscriptReply } from "./transcript";

/**
 * Every JSON body a route may answer with (docs/api.md). The server's response helpers accept
 * only these, so a route cannot name a type the contract does not declare.
 */
export type ApiReply =
  | ErrorBody
  | HealthReply
  | SessionList
  | CreatedSession
  | SessionDetail
  | EventPage
  | ConfiguredSession
  | TrustedProvider
  | StartedRun
  | ControlReply
  | BreakpointsReply
  | CallStatusReply
  | ReplayReply
  | TranscriptReply
  | SessionExport
  | ImportReply
  | OtlpTraceFile
  | OtlpSendReply
  | PipelineReply
  | ValidateReply
  | LintReply
  | ScenarioList
  | ScenarioDetail
  | SettingsView
  | RevokeReply
  | CaptureView
  | AnthropicErrorBody
  | OpenAIErrorBody
  | CountTokensReply
  | InspectReply
  | McpCallReply
  | McpTrustReply
  | McpOfferedServers
  | McpSessionServers
  | CaptureKey
  | RequestReplayReply;

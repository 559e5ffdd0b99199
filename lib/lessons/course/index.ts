/**
 * Every lesson `GET /api/scenarios` serves, in the order the lessons page lists them. To add a
 * lesson: write `course/<id>.ts` exporting its `Scenario`, import it here and add it to
 * `LESSONS` — one import line and one entry each.
 */
import type { Scenario } from "../types";
import { firstToolCallLesson } from "./first-tool-call";
import { hallucinatedToolLesson } from "./hallucinated-tool";
import { threeWireFormatsLesson } from "./three-wire-formats";
import { wrongArgumentsLesson } from "./wrong-arguments";
import { cachePrefixLesson } from "./cache-prefix";
import { forcedToolChoiceLesson } from "./forced-tool-choice";
import { hookFailureLesson } from "./hook-failure";
import { idempotentPaymentLesson } from "./idempotent-payment";
import { maxTokensCutLesson } from "./max-tokens-cut";
import { overloadedMidStreamLesson } from "./overloaded-mid-stream";
import { staleWriteLesson } from "./stale-write";
import { streamCutLesson } from "./stream-cut";
import { thinkingFirstLesson } from "./thinking-first";
import { vagueVsPreciseLesson } from "./vague-vs-precise";
import { openaiStringArgumentsLesson } from "./openai-string-arguments";
import { sandboxPasswdLesson } from "./sandbox-passwd";
import { preflightRewriteLesson } from "./preflight-rewrite";
import { paymentApprovalLesson } from "./payment-approval";
import { billingBatchLesson } from "./billing-batch";
import { postHookWriteLesson } from "./post-hook-write";
import { truncateRedactLesson } from "./truncate-redact";
import { slowToolTimeoutLesson } from "./slow-tool-timeout";
import { terminateLoopLesson } from "./terminate-loop";
import { parallelReadsLesson } from "./parallel-reads";
import { mcpToolsLesson } from "./mcp-tools";

export const LESSONS: readonly Scenario[] = [
  firstToolCallLesson,
  threeWireFormatsLesson,
  hallucinatedToolLesson,
  wrongArgumentsLesson,
  openaiStringArgumentsLesson,
  sandboxPasswdLesson,
  preflightRewriteLesson,
  paymentApprovalLesson,
  billingBatchLesson,
  postHookWriteLesson,
  truncateRedactLesson,
  slowToolTimeoutLesson,
  terminateLoopLesson,
  parallelReadsLesson,
  streamCutLesson,
  overloadedMidStreamLesson,
  thinkingFirstLesson,
  hookFailureLesson,
  staleWriteLesson,
  idempotentPaymentLesson,
  vagueVsPreciseLesson,
  cachePrefixLesson,
  forcedToolChoiceLesson,
  maxTokensCutLesson,
  mcpToolsLesson,
];

import type { UnifiedMessage } from "@/lib/protocol/unified";
import type { PolicyConfig, ProviderConfig, ToolDefinition } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { projectSessionConfig } from "@/lib/trace/session-config";
import { projectTranscript } from "@/lib/trace/transcript";
import type { SettingsView } from "@/components/settings/use-settings";
import { buildForkEdits, buildForkProvider, type ForkProviderChoice } from "./fork-choices";
import {
  buildPolicyEdit,
  buildToolEdits,
  type ForkTool,
  type PolicyEditProblem,
  type ToolEdit,
  type ToolEditProblem,
} from "./fork-config-edits";
import { buildMessageEdits, type BlockEdit } from "./fork-message-edits";

/** What the child inherits at the fork point: the configuration and the transcript as of `at`. */
export interface ForkInherited {
  system: string;
  tools: readonly ToolDefinition[];
  policy: PolicyConfig;
  messages: readonly UnifiedMessage[];
}

/** The dialog's fields. `null` and empty maps mean "as inherited". */
export interface ForkForm {
  system: string | null;
  provider: ForkProviderChoice;
  tools: ReadonlyMap<string, ToolEdit>;
  policy: string | null;
  messages: ReadonlyMap<string, BlockEdit>;
}

/** `edits` of `POST /api/sessions/:id/fork` (docs/api.md), each present only when it changes something. */
export interface ForkEdits {
  system?: string;
  provider?: ProviderConfig;
  tools?: ForkTool[];
  policy?: PolicyConfig;
  messages?: UnifiedMessage[];
}

/** What keeps the dialog from sending: the tools and the policy that are not valid yet. */
export interface ForkFormProblems {
  tools: ToolEditProblem[];
  policy: PolicyEditProblem | null;
}

export type ForkEditsResult = { ok: true; edits: ForkEdits } | { ok: false; problems: ForkFormProblems };

/** The form as it opens: nothing edited. */
export const EMPTY_FORK_FORM: ForkForm = {
  system: null,
  provider: "unchanged",
  tools: new Map(),
  policy: null,
  messages: new Map(),
};

/**
 * The fork's edits from the dialog: only what differs from what the child inherits (a real
 * provider takes its default model and base URL from `settings`). Problems the dialog can see (a
 * tool or policy text that is not a definition or JSON object) stop it here; the server checks
 * the rest and answers with the field or the pairing rules it refuses.
 */
export function buildForkRequestEdits(
  inherited: ForkInherited,
  form: ForkForm,
  settings?: SettingsView,
): ForkEditsResult {
  const tools = buildToolEdits(inherited.tools, form.tools);
  const policy = buildPolicyEdit(inherited.policy, form.policy);
  if (!tools.ok || !policy.ok)
    return {
      ok: false,
      problems: { tools: tools.ok ? [] : tools.problems, policy: policy.ok ? null : policy.problem },
    };
  const messages = buildMessageEdits(inherited.messages, form.messages);
  return {
    ok: true,
    edits: {
      ...buildForkEdits(
        inherited.system,
        form.system ?? inherited.system,
        buildForkProvider(form.provider, settings),
      ),
      ...(tools.tools ? { tools: tools.tools } : {}),
      ...(policy.policy ? { policy: policy.policy } : {}),
      ...(messages ? { messages } : {}),
    },
  };
}

/**
 * What a fork at `at` inherits, from the parent's log: the configuration as of `at` (else the
 * session's current one, for a log without its creation event) and the transcript up to `at`.
 */
export function readForkInherited(
  events: readonly TraceEvent[],
  at: number,
  fallback: Omit<ForkInherited, "messages">,
): ForkInherited {
  const config = projectSessionConfig(events, at);
  return {
    system: config?.system ?? fallback.system,
    tools: config?.tools ?? fallback.tools,
    policy: config?.policy ?? fallback.policy,
    messages: projectTranscript(events, at).messages.map(({ role, content }) => ({ role, content })),
  };
}

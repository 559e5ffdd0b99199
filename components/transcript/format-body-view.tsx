import { useTranslations } from "next-intl";
import type { OpenAIChatMessageParam } from "@/lib/protocol/openai-chat/types";
import type { OpenAIResponsesInputItem } from "@/lib/protocol/openai-responses/types";
import { assertNever } from "@/lib/protocol/unified";
import { FormatField as Field, FormatMessage, formatContent } from "./format-field";
import type { OpenAIChatBody, OpenAIResponsesBody } from "./use-transcript-body";

/** One Chat Completions message: its role, content and tool calls as sent. */
export function ChatMessage({ message }: { message: OpenAIChatMessageParam }) {
  return (
    <FormatMessage role={message.role}>
      <dl className="block-fields">
        {message.role === "tool" ? (
          <Field name="tool_call_id" value={message.tool_call_id} testId="tool-call-id" />
        ) : null}
        {message.content ? <Field name="content" value={formatContent(message.content)} /> : null}
        {message.role === "assistant" && message.tool_calls?.length ? (
          <div className="block-field">
            <dt>tool_calls</dt>
            <dd>
              <ul className="format-tool-calls">
                {message.tool_calls.map((call) => (
                  <li key={call.id} data-testid="format-tool-call" data-call-id={call.id}>
                    <code>{call.id}</code> <code>{call.function.name}</code>
                    <pre className="block-json">{call.function.arguments}</pre>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
    </FormatMessage>
  );
}

/** One Responses input item: its type and fields as sent. */
export function ResponsesItem({ item }: { item: OpenAIResponsesInputItem }) {
  const fields = ((): { name: string; value: string }[] => {
    switch (item.type) {
      case "message":
        return [
          { name: "role", value: item.role },
          { name: "content", value: formatContent(item.content) },
        ];
      case "function_call":
        return [
          { name: "call_id", value: item.call_id },
          { name: "name", value: item.name },
          { name: "arguments", value: item.arguments },
        ];
      case "function_call_output":
        return [
          { name: "call_id", value: item.call_id },
          { name: "output", value: item.output },
        ];
      case "reasoning":
        return [{ name: "summary", value: JSON.stringify(item.summary, null, 2) }];
      default:
        return assertNever(item, "Responses input item");
    }
  })();
  const callId =
    item.type === "function_call" || item.type === "function_call_output" ? item.call_id : undefined;
  return (
    <article
      className="message format-item"
      data-testid="format-item"
      data-type={item.type}
      data-call-id={callId}
    >
      <header className="message-header">
        <span className="role-chip">{item.type}</span>
      </header>
      <dl className="block-fields">
        {fields.map((field) => (
          <Field key={field.name} name={field.name} value={field.value} />
        ))}
      </dl>
    </article>
  );
}

/** The Chat Completions body: the tool count, then each message with its role. */
export function OpenAIChatBodyView({ body }: { body: OpenAIChatBody }) {
  const t = useTranslations("Transcript.format");
  return (
    <div className="format-body" data-testid="format-body" data-format="openai-chat">
      <p className="muted">{t("toolCount", { count: body.tools?.length ?? 0 })}</p>
      <ol className="message-list">
        {body.messages.map((message, index) => (
          <li key={index}>
            <ChatMessage message={message} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The Responses body: instructions, the tool count, then each input item with its type. */
export function OpenAIResponsesBodyView({ body }: { body: OpenAIResponsesBody }) {
  const t = useTranslations("Transcript.format");
  return (
    <div className="format-body" data-testid="format-body" data-format="openai-responses">
      <p className="muted">{t("toolCount", { count: body.tools?.length ?? 0 })}</p>
      {body.instructions ? <Field name="instructions" value={body.instructions} /> : null}
      <ol className="message-list">
        {body.input.map((item, index) => (
          <li key={index}>
            <ResponsesItem item={item} />
          </li>
        ))}
      </ol>
    </div>
  );
}

import { useTranslations } from "next-intl";
import { FormatField as Field, FormatMessage } from "./format-field";
import type { UnifiedBody } from "./use-transcript-body";

/** A message of the Anthropic or unified shape: its role, then each block as JSON. */
export function BlockMessage({ message }: { message: { role: string; content: unknown } }) {
  const blocks: unknown[] = Array.isArray(message.content)
    ? message.content
    : [{ type: "text", text: message.content }];
  return (
    <FormatMessage role={message.role}>
      {blocks.map((block, blockIndex) => {
        const type = (block as { type?: unknown }).type;
        return (
          <section key={blockIndex} className="block" data-testid="format-block" data-type={String(type)}>
            <header className="block-header">
              <span className="block-type">{String(type)}</span>
            </header>
            <pre className="block-json">{JSON.stringify(block, null, 2)}</pre>
          </section>
        );
      })}
    </FormatMessage>
  );
}

/** The unified body: system, the tool count, then each message with its blocks as JSON. */
export function UnifiedBodyView({ body }: { body: UnifiedBody }) {
  const t = useTranslations("Transcript.format");
  return (
    <div className="format-body" data-testid="format-body" data-format="unified">
      <p className="muted">{t("toolCount", { count: body.tools.length })}</p>
      {body.system ? <Field name="system" value={body.system} /> : null}
      <ol className="message-list">
        {body.messages.map((message, index) => (
          <li key={index}>
            <BlockMessage message={message} />
          </li>
        ))}
      </ol>
    </div>
  );
}

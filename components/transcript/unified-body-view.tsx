import { useTranslations } from "next-intl";
import { FormatField as Field, FormatMessage } from "./format-field";
import type { UnifiedBody } from "./use-transcript-body";

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
            <FormatMessage role={message.role}>
              {message.content.map((block, blockIndex) => (
                <section key={blockIndex} className="block" data-testid="format-block" data-type={block.type}>
                  <header className="block-header">
                    <span className="block-type">{block.type}</span>
                  </header>
                  <pre className="block-json">{JSON.stringify(block, null, 2)}</pre>
                </section>
              ))}
            </FormatMessage>
          </li>
        ))}
      </ol>
    </div>
  );
}

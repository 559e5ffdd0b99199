import { useTranslations } from "next-intl";
import { assertNever, type Block, type UnifiedMessage } from "@/lib/protocol/unified";
import { buildBlockKey, type BlockEdit } from "./fork-message-edits";

interface ForkMessagesFieldProps {
  messages: readonly UnifiedMessage[];
  edits: ReadonlyMap<string, BlockEdit>;
  onEdits: (edits: ReadonlyMap<string, BlockEdit>) => void;
  disabled: boolean;
}

interface BlockFieldProps {
  block: Block;
  edit: BlockEdit | undefined;
  onEdit: (change: BlockEdit) => void;
  disabled: boolean;
}

/** The editable part of one block: a text's text, a result's content and error flag; the rest as it is. */
function BlockBody({ block, edit, onEdit, disabled }: BlockFieldProps) {
  const t = useTranslations("Fork.messages");
  const off = disabled || edit?.removed === true;
  switch (block.type) {
    case "text":
      return (
        <textarea
          rows={2}
          aria-label={t("textLabel")}
          data-testid="fork-block-text"
          disabled={off}
          value={edit?.text ?? block.text}
          onChange={(event) => onEdit({ text: event.target.value })}
        />
      );
    case "toolResult":
      return (
        <>
          <textarea
            rows={3}
            aria-label={t("contentLabel", { id: block.toolCallId })}
            data-testid="fork-block-content"
            disabled={off}
            value={edit?.content ?? block.content}
            onChange={(event) => onEdit({ content: event.target.value })}
          />
          <label>
            <input
              type="checkbox"
              data-testid="fork-block-is-error"
              disabled={off}
              checked={edit?.isError ?? block.isError}
              onChange={(event) => onEdit({ isError: event.target.checked })}
            />{" "}
            is_error
          </label>
        </>
      );
    case "toolCall":
      return (
        <code className="fork-block-call">
          {block.name}({block.arguments === null ? block.rawArguments : JSON.stringify(block.arguments)})
        </code>
      );
    case "thinking":
    case "redacted_thinking":
    case "unknown":
      return <span className="muted">{t("readOnly")}</span>;
    default:
      return assertNever(block, "block type");
  }
}

/** Where a block comes from, in the protocol's words: `text`, `tool_use toolu_1`, `tool_result toolu_1`. */
function describeBlock(block: Block): string {
  if (block.type === "toolCall") return `tool_use ${block.id}`;
  if (block.type === "toolResult") return `tool_result ${block.toolCallId}`;
  return block.type;
}

/**
 * The transcript the child inherits, message by message: edit a text block, a tool result's
 * content or its error flag, or remove any block. The whole list is sent when anything changed;
 * the server's pairing doctor refuses a list a provider would reject, and the dialog shows why.
 */
export function ForkMessagesField({ messages, edits, onEdits, disabled }: ForkMessagesFieldProps) {
  const t = useTranslations("Fork.messages");
  const update = (key: string, change: BlockEdit) => {
    const next = new Map(edits);
    next.set(key, { ...next.get(key), ...change });
    onEdits(next);
  };
  if (messages.length === 0) return <p className="muted">{t("none")}</p>;
  return (
    <ol className="fork-messages" data-testid="fork-messages">
      {messages.map((message, messageIndex) => (
        <li key={messageIndex} data-testid="fork-message" data-index={messageIndex} data-role={message.role}>
          <strong>{t("message", { number: messageIndex + 1, role: message.role })}</strong>
          {message.content.map((block, blockIndex) => {
            const key = buildBlockKey(messageIndex, blockIndex);
            const edit = edits.get(key);
            return (
              <div
                key={key}
                className={`fork-block${edit?.removed ? " is-removed" : ""}`}
                data-testid="fork-block"
                data-key={key}
                data-type={block.type}
              >
                <div className="fork-row">
                  <code>{describeBlock(block)}</code>
                  <label className="fork-block-remove">
                    <input
                      type="checkbox"
                      data-testid="fork-block-remove"
                      disabled={disabled}
                      checked={edit?.removed ?? false}
                      onChange={(event) => update(key, { removed: event.target.checked })}
                    />{" "}
                    {t("remove")}
                  </label>
                </div>
                <BlockBody
                  block={block}
                  edit={edit}
                  onEdit={(change) => update(key, change)}
                  disabled={disabled}
                />
              </div>
            );
          })}
        </li>
      ))}
    </ol>
  );
}

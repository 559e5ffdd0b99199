"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { distinctValues, filterWire, type WireFilter, type WireRow } from "./mcp-wire";

interface McpWireViewProps {
  rows: readonly WireRow[];
  filter: WireFilter;
  onFilter: (filter: WireFilter) => void;
}

/**
 * The session's MCP wire, shown like the SSE stream: filters by server, direction, method and
 * call, the messages as a listbox (click, or focus and use the arrows, Home and End), and the
 * selected message's JSON below.
 */
export function McpWireView({ rows, filter, onFilter }: McpWireViewProps) {
  const t = useTranslations("Mcp.wire");
  const idPrefix = useId();
  const [selectedSeq, setSelectedSeq] = useState<number | null>(null);
  const visible = useMemo(() => filterWire(rows, filter), [rows, filter]);
  const selected = visible.find((row) => row.seq === selectedSeq) ?? null;
  const selectedIndex = selected ? visible.indexOf(selected) : -1;

  function pick<K extends keyof WireFilter>(key: K, value: string) {
    onFilter({ ...filter, [key]: value === "" ? null : value });
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (visible.length === 0) return;
    const from = selectedIndex < 0 ? -1 : selectedIndex;
    const moves: Record<string, number> = {
      ArrowDown: from + 1,
      ArrowUp: from - 1,
      Home: 0,
      End: visible.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setSelectedSeq(visible[Math.max(0, Math.min(visible.length - 1, target))]!.seq);
  }

  const select = (key: "server" | "method" | "callId", label: string) => (
    <label>
      {label}{" "}
      <select
        data-testid={`mcp-wire-filter-${key}`}
        value={filter[key] ?? ""}
        onChange={(e) => pick(key, e.target.value)}
      >
        <option value="">{t("all")}</option>
        {distinctValues(rows, key).map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <section className="mcp-wire" aria-labelledby={`${idPrefix}-heading`} data-testid="mcp-wire">
      <h3 id={`${idPrefix}-heading`}>
        {t("heading")}{" "}
        <span className="muted">{t("count", { shown: visible.length, total: rows.length })}</span>
      </h3>
      <div className="mcp-wire-filters" role="group" aria-label={t("filters")}>
        {select("server", t("server"))}
        <label>
          {t("direction")}{" "}
          <select
            data-testid="mcp-wire-filter-direction"
            value={filter.direction ?? ""}
            onChange={(e) => pick("direction", e.target.value)}
          >
            <option value="">{t("all")}</option>
            <option value="out">{t("out")}</option>
            <option value="in">{t("in")}</option>
          </select>
        </label>
        {select("method", t("method"))}
        {select("callId", t("call"))}
        {filter.server || filter.direction || filter.method || filter.callId ? (
          <button
            type="button"
            data-testid="mcp-wire-clear"
            onClick={() => onFilter({ server: null, direction: null, method: null, callId: null })}
          >
            {t("clear")}
          </button>
        ) : null}
      </div>
      {rows.length === 0 ? <p className="empty">{t("empty")}</p> : null}
      <ul
        className="mcp-wire-list"
        role="listbox"
        tabIndex={0}
        aria-label={t("listLabel")}
        aria-activedescendant={selected ? `${idPrefix}-${selected.seq}` : undefined}
        data-testid="mcp-wire-list"
        onKeyDown={onKeyDown}
      >
        {visible.map((row) => (
          <li
            key={row.seq}
            id={`${idPrefix}-${row.seq}`}
            role="option"
            aria-selected={row.seq === selectedSeq}
            className="mcp-wire-row"
            data-testid="mcp-wire-row"
            data-seq={row.seq}
            data-server={row.server}
            data-direction={row.direction}
            data-method={row.method}
            data-shape={row.shape}
            data-call-id={row.callId ?? undefined}
            onClick={() => setSelectedSeq(row.seq)}
          >
            <span className="muted">#{row.seq}</span>
            <span>{row.server}</span>
            <span title={t(row.direction)}>{row.direction === "out" ? "→" : "←"}</span>
            <span className="mcp-wire-method">
              {row.method || row.shape}
              {row.shape === "response" || row.shape === "error" ? ` ${t(`shape.${row.shape}`)}` : ""}
            </span>
            <span className="muted" title={row.preview}>
              {row.preview}
            </span>
          </li>
        ))}
      </ul>
      {selected ? (
        <div data-testid="mcp-wire-selected" data-seq={selected.seq}>
          <h4>
            {t("selected", { seq: selected.seq })} {selected.callId ? <code>{selected.callId}</code> : null}
          </h4>
          <pre className="mcp-wire-json">{JSON.stringify(selected.message, null, 2)}</pre>
        </div>
      ) : rows.length > 0 ? (
        <p className="muted">{t("pick")}</p>
      ) : null}
    </section>
  );
}

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { useSessions } from "@/components/sessions/use-sessions";

/** For a session with no parent: pick which session to compare it with (`?with=`). */
export function ComparePicker({ id }: { id: string }) {
  const t = useTranslations("Branch");
  const router = useRouter();
  const selectId = useId();
  const sessions = useSessions();
  const others = (sessions.sessions ?? []).filter((session) => session.id !== id);
  return (
    <div className="branch-picker">
      <p>{t("pickIntro")}</p>
      <label htmlFor={selectId}>{t("pickLabel")}</label>{" "}
      <select
        id={selectId}
        data-testid="branch-pick"
        defaultValue=""
        disabled={others.length === 0}
        onChange={(event) => {
          const other = event.target.value;
          if (other)
            router.push(`/sessions/${encodeURIComponent(id)}/compare?with=${encodeURIComponent(other)}`);
        }}
      >
        <option value="">{others.length === 0 ? t("pickNone") : t("pickPlaceholder")}</option>
        {others.map((session) => (
          <option key={session.id} value={session.id}>
            {session.title || session.id}
          </option>
        ))}
      </select>
    </div>
  );
}

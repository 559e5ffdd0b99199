import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { preload } from "react-dom";
import { firstPageUrl } from "@/components/data/load-session";
import { SessionScreen } from "@/components/session/session-screen";

interface SessionPageProps {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ seq?: string | string[] }>;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Header");
  return { title: t("sessions") };
}

/** `?seq=N` as a whole number, or null (absent or not one). */
function readSeq(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/** `/sessions/:id`: the debugger for one session, loaded and kept live in the browser; `?seq=N` opens it at event N. */
export default async function SessionPage({ params, searchParams }: SessionPageProps) {
  const { id } = await params;
  const { seq } = await searchParams;
  // The log is the page's one big download: the browser starts its first page with the document,
  // beside the scripts, instead of after hydration (the page's own GET of it takes this response).
  preload(firstPageUrl(id), { as: "fetch", crossOrigin: "anonymous" });
  return <SessionScreen key={id} id={id} initialSeq={readSeq(seq)} />;
}

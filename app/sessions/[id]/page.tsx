import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SessionScreen } from "@/components/session/session-screen";

interface SessionPageProps {
  params: Promise<{ id: string }>;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Header");
  return { title: t("sessions") };
}

/** `/sessions/:id`: the debugger for one session, loaded and kept live in the browser. */
export default async function SessionPage({ params }: SessionPageProps) {
  const { id } = await params;
  return <SessionScreen key={id} id={id} />;
}

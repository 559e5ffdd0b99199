import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SessionsScreen } from "@/components/sessions/sessions-screen";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Sessions");
  return { title: t("title") };
}

/** `/`: the sessions list. The data comes from the API in the browser, so a 401 can show the locked screen. */
export default function SessionsPage() {
  return <SessionsScreen />;
}

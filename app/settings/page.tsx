import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SettingsScreen } from "@/components/settings/settings-screen";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Settings");
  return { title: t("title") };
}

/** `/settings`: provider keys (masked), default models and base URLs. The data comes from the API in the browser. */
export default function SettingsPage() {
  return <SettingsScreen />;
}

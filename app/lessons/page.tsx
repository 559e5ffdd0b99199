import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LessonsScreen } from "@/components/lessons/lessons-screen";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Lessons");
  return { title: t("title") };
}

/** `/lessons`: the lessons, each a one-click run with a guide. The data comes from the API in the browser. */
export default function LessonsPage() {
  return <LessonsScreen />;
}

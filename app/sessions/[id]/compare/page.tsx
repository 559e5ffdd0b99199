import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CompareScreen } from "@/components/branch/compare-screen";

interface ComparePageProps {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ with?: string | string[] }>;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Branch");
  return { title: t("title") };
}

/** `/sessions/:id/compare?with=:other`: the branch view; without `with`, the session's parent. */
export default async function ComparePage({ params, searchParams }: ComparePageProps) {
  const { id } = await params;
  const { with: other } = await searchParams;
  const withId = (Array.isArray(other) ? other[0] : other) || null;
  return <CompareScreen key={`${id}:${withId ?? ""}`} id={id} withId={withId} />;
}

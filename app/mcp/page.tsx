import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InspectScreen } from "@/components/mcp/inspect-screen";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Mcp");
  return { title: t("title") };
}

/** `/mcp`: inspect an MCP server from a pasted `mcpServers` config. The data comes from the API in the browser. */
export default function McpPage() {
  return <InspectScreen />;
}

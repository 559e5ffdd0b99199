import type { Metadata } from "next";
import { connection } from "next/server";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AppHeader } from "@/components/layout/app-header";
import { Providers } from "./providers";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("App");
  return { title: { default: t("name"), template: `%s · ${t("name")}` }, description: t("description") };
}

/**
 * Every page renders per request (`connection()`), so each response gets the CSP nonce that
 * proxy.ts puts in the request headers; Next.js reads it from there and stamps its own scripts.
 * No page script of ours needs it directly.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const locale = await getLocale();
  return (
    <html lang={locale === "zh" ? "zh-CN" : locale}>
      <body>
        <NextIntlClientProvider>
          <Providers>
            <AppHeader />
            <main className="main">{children}</main>
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

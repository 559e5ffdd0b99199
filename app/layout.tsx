import type { Metadata } from "next";
import { cookies } from "next/headers";
import { connection } from "next/server";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AppHeader } from "@/components/layout/app-header";
import { THEME_COOKIE } from "@/components/layout/theme-cookie";
import { Providers } from "./providers";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("App");
  return {
    title: { default: t("name"), template: `%s · ${t("name")}` },
    description: t("description"),
    icons: {
      icon: [
        { url: "/favicon.svg", type: "image/svg+xml" },
        { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
      ],
    },
  };
}

/**
 * Every page renders per request (`connection()`), so each response gets the CSP nonce that
 * proxy.ts puts in the request headers; Next.js reads it from there and stamps its own scripts.
 * No page script of ours needs it directly.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const locale = await getLocale();
  const theme = (await cookies()).get(THEME_COOKIE)?.value;
  return (
    <html
      lang={locale === "zh" ? "zh-CN" : locale}
      {...(theme === "light" || theme === "dark" ? { "data-theme": theme } : {})}
    >
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

import { NextIntlClientProvider } from "next-intl";
import { createElement, type FunctionComponent, type ReactElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import en from "@/messages/en.json";

/** The provider, typed so children can be passed as createElement's third argument. */
const IntlProvider = NextIntlClientProvider as unknown as FunctionComponent<{
  locale: "en" | "zh";
  messages: typeof en;
  timeZone: string;
  children?: ReactNode;
}>;

/** `element` rendered to HTML inside the messages of `locale` (the core English catalog by default), in UTC. */
export function renderWithIntl(element: ReactElement, messages = en, locale: "en" | "zh" = "en"): string {
  return renderToString(createElement(IntlProvider, { locale, messages, timeZone: "UTC" }, element));
}

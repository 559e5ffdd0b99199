import createNextIntlPlugin from "next-intl/plugin";

/** next-intl finds its request config at ./i18n/request.ts (no locale routing: the locale is a cookie). */
const withNextIntl = createNextIntlPlugin();

/** @type {import("next").NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // A native module: load it from node_modules at runtime instead of bundling it.
  serverExternalPackages: ["better-sqlite3"],
};

export default withNextIntl(nextConfig);

import createNextIntlPlugin from "next-intl/plugin";

/**
 * next-intl finds its request config at ./i18n/request.ts (no locale routing: the locale is a
 * cookie). The catalogs in ./messages are compiled at build time: a page formats a message from
 * its compiled form instead of parsing ICU text and resolving the locale for each new message in
 * the browser (~150 ms of a session's first load), and ships no ICU parser.
 */
const withNextIntl = createNextIntlPlugin({
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

/** @type {import("next").NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Toolscope answers on the loopback: gzip cost ~0.5 ms of the one thread per response (a third
  // of a health check) and saved nothing on a local socket.
  compress: false,
  reactStrictMode: true,
  // A native module: load it from node_modules at runtime instead of bundling it.
  serverExternalPackages: ["better-sqlite3"],
  experimental: {
    // proxy.ts makes Next buffer every request body, cut without an error at this size (default
    // 10 MB): a larger import would reach its route truncated. Next drops the whole chunk that
    // crosses the cut, so it lies a margin above the largest route limit (64 MiB, /capture, whose
    // clients send whole agent conversations): whatever arrives, a route sees more than its limit
    // and answers 413.
    proxyClientMaxBodySize: 65 * 1024 * 1024,
  },
};

export default withNextIntl(nextConfig);

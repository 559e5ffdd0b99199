/**
 * The Host and Origin values the security suite sends, for a server on `port` — shared by the
 * unit matrices (through proxy.ts) and the e2e checks (over real HTTP). Test-only.
 *
 * Which Hosts count as ours (docs/architecture.md, "Security"): `127.0.0.1`, `localhost` and `[::1]` with
 * our port, nothing else. Every other IP literal is refused, including ones that reach this
 * machine: `0.0.0.0` (browsers on Linux and macOS route it to localhost — the "0.0.0.0 day"
 * attack), other 127/8 addresses, the IPv4-mapped `[::ffff:127.0.0.1]` and the long form
 * `[0:0:0:0:0:0:0:1]`. No browser sends those for a page opened at the printed URL (it
 * canonicalizes `[::1]`), so refusing them costs nothing, while accepting them would mean
 * parsing addresses — where short forms (`127.1`, `2130706433`, `0x7f.1`) invite parser
 * differentials. The allowlist compares exact strings.
 */

/** Hosts that must be refused with 403 by a server listening on `port`. */
export function listSpoofedHosts(port: number): string[] {
  const other = port === 65535 ? port - 1 : port + 1;
  return [
    // foreign names, with and without our port
    "evil.example",
    `evil.example:${port}`,
    `localhost.evil.example:${port}`,
    `127.0.0.1.evil.example:${port}`,
    `evil.localhost:${port}`,
    // rebinding names that resolve to 127.0.0.1, and loopback names with a trailing dot
    `127.0.0.1.nip.io:${port}`,
    `localtest.me:${port}`,
    `lvh.me:${port}`,
    `localhost.:${port}`,
    `127.0.0.1.:${port}`,
    // IP literals other than our loopback names
    `10.0.0.1:${port}`,
    `192.168.1.20:${port}`,
    `172.16.0.1:${port}`,
    "169.254.169.254",
    `0.0.0.0:${port}`,
    `127.0.0.2:${port}`,
    `127.1:${port}`,
    `2130706433:${port}`,
    `0x7f000001:${port}`,
    `0177.0.0.1:${port}`,
    `[::]:${port}`,
    `[::ffff:127.0.0.1]:${port}`,
    `[::ffff:7f00:1]:${port}`,
    `[0:0:0:0:0:0:0:1]:${port}`,
    `[fe80::1]:${port}`,
    // our names on another port, without a port, or decorated
    `127.0.0.1:${other}`,
    `localhost:${other}`,
    ...(port === 80 ? [] : ["127.0.0.1", "localhost", "[::1]"]),
    `127.0.0.1:${port}:${port}`,
    `user@127.0.0.1:${port}`,
    `127.0.0.1:${port}/path`,
    `127.0.0.1:${port}, evil.example`,
  ];
}

/** Our own Hosts: each must pass (with the token). */
export function listOwnHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`];
}

/** Origins that must be refused with 403 when the Host is `127.0.0.1:<port>`. */
export function listSpoofedOrigins(port: number): string[] {
  return [
    "http://evil.example",
    "null",
    `https://127.0.0.1:${port}`,
    `http://127.0.0.1:${port + 1}`,
    "http://127.0.0.1",
    `http://localhost:${port}`,
    `http://[::1]:${port}`,
    `http://127.0.0.1:${port}.evil.example`,
    `http://127.0.0.1:${port}@evil.example`,
    `http://127.0.0.1:${port}/`,
    "file://",
    "chrome-extension://abcdefghijklmnop",
    "",
  ];
}

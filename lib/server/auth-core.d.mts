/** Types of auth-core.mjs: the auth checks shared by the proxy and the server in front of Next. */

export interface HostSettings {
  port: number;
  allowedHosts: readonly string[];
}

export interface CookieSettings {
  /** The launch token: the key every cookie is signed with. */
  token: string;
  port: number;
  nowSeconds: number;
  lifetimeSeconds: number;
  /** Cookies issued before this moment (epoch seconds) are refused: 0 revokes none. */
  revokedBefore: number;
}

export function hostAllowed(hostHeader: string | null | undefined, settings: HostSettings): boolean;
export function secretMatches(candidate: string | null | undefined, secret: string): boolean;
export function cookieName(port: number): string;
export function issueCookieValue(token: string, port: number, nowSeconds: number): string;
export function cookieValueValid(value: string | null | undefined, settings: CookieSettings): boolean;
export function readCookieValues(cookieHeader: string | null | undefined, name: string): string[];
export function readBearer(authorizationHeader: string | null | undefined): string | null;
export function requestAuthenticated(
  headers: { authorization: string | null | undefined; cookie: string | null | undefined },
  settings: CookieSettings,
): boolean;
export const REVOKED_FILE_NAME: string;
export function splitAllowedHosts(value: string | null | undefined): string[];
export function readRevokedBefore(dataDir: string): number;
export function writeRevokedBefore(dataDir: string, nowSeconds: number): number;

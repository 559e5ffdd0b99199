/** React Query keys of the session data every screen shares (the list, one session's detail and log). */
export const sessionsKey = ["sessions"] as const;
export const sessionKey = (id: string) => ["session", id] as const;

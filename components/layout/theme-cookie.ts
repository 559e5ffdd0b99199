/**
 * The theme choice in a cookie as well as localStorage, so the root layout renders
 * `<html data-theme>` on the server and a reload paints in the chosen theme from the start.
 * A plain module: the server layout cannot read constants from a "use client" file.
 */
export const THEME_COOKIE = "toolscope_theme";

import { createContext } from "react";

/**
 * Brings message `number` (from 1) into view in a virtualized transcript, so an element inside it
 * can be focused; `null` when every message is drawn anyway.
 */
export const ScrollToMessageContext = createContext<((number: number) => void) | null>(null);

/**
 * The billing tools' view of the workspace ledger. The ledger is their only memory: an order
 * exists when a `create_order` entry says so, and ids are numbered by counting earlier entries,
 * so the same log always yields the same ids (`ord_0001`, `ch_0001`, …), in a replay too.
 */
import "server-only";
import type { WorkspaceView } from "@/lib/trace/workspace";

/** The ledger as a tool sees it: every side-effect entry so far, oldest first. */
export type Ledger = WorkspaceView["ledger"];

/** The currencies orders and charges may use. */
export const CURRENCIES = ["USD", "EUR", "GBP"] as const;
/** One of `CURRENCIES`. */
export type Currency = (typeof CURRENCIES)[number];

/** A ledger entry written by one of the billing tools. */
export interface BillingEntry extends Record<string, unknown> {
  tool: string;
  action: string;
}

/** One line of an order. */
export interface OrderItem {
  sku: string;
  quantity: number;
}

/** What `create_order` records. */
export interface OrderCreated extends BillingEntry {
  tool: "create_order";
  action: "order.created";
  orderId: string;
  customer: string;
  items: OrderItem[];
  currency: Currency;
}

/** Whether a ledger entry was written by `tool` with `action`. */
function matchEntry(entry: Readonly<Record<string, unknown>>, tool: string, action?: string): boolean {
  return entry.tool === tool && (action === undefined || entry.action === action);
}

/** The next id for `tool`'s entries: `prefix_0001` for the first, and so on. */
export function createNextId(ledger: Ledger, tool: string, prefix: string): string {
  const count = ledger.filter((entry) => matchEntry(entry, tool)).length;
  return `${prefix}_${String(count + 1).padStart(4, "0")}`;
}

/** The order with this id, as `create_order` recorded it; `undefined` when there is none. */
export function findOrder(ledger: Ledger, orderId: string): OrderCreated | undefined {
  const entry = ledger.find(
    (candidate) => matchEntry(candidate, "create_order", "order.created") && candidate.orderId === orderId,
  );
  return entry as OrderCreated | undefined;
}

/** The ids of every order in the ledger, in creation order. */
export function listOrderIds(ledger: Ledger): string[] {
  return ledger
    .filter((entry) => matchEntry(entry, "create_order", "order.created"))
    .map((entry) => String(entry.orderId));
}

/** An error that names the order that was asked for and the ones that exist. */
export function describeMissingOrder(ledger: Ledger, orderId: string): string {
  const known = listOrderIds(ledger);
  const existing = known.length > 0 ? `Orders in this session: ${known.join(", ")}.` : "No order exists yet.";
  return `No order "${orderId}" exists in this session. ${existing} Create one with create_order first. Nothing was done.`;
}

/** The total successfully charged to an order, in cents (so sums stay exact). */
export function sumChargedCents(ledger: Ledger, orderId: string): number {
  return ledger
    .filter((entry) => matchEntry(entry, "charge_card", "card.charged") && entry.orderId === orderId)
    .reduce((total, entry) => total + Math.round(Number(entry.amount) * 100), 0);
}

/** Whether a money amount has at most two decimals (tolerating binary floating point). */
export function hasCents(amount: number): boolean {
  const cents = amount * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** A simple e-mail shape check; the schema's `format: "email"` is the real gate. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

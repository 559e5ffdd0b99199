import { Type, type Static, type TSchema } from "@sinclair/typebox";
import { closed, literals } from "./helpers";

/** `GET /api/settings` and `PUT /api/settings`: provider keys (never echoed) and defaults. */

const Nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

// Printable ASCII without spaces: every provider's key looks like that, and a pasted key with a
// line break or a stray space is a mistake worth a 400 rather than a puzzling 401 later.
const Key = Nullable(Type.String({ minLength: 8, maxLength: 512, pattern: "^[!-~]+$" }));
const Model = Nullable(Type.String({ minLength: 1, maxLength: 200, pattern: "\\S" }));
const BaseURL = Nullable(Type.String({ maxLength: 2000, format: "uri", pattern: "^https?://" }));
const Defaults = { model: Model, baseURL: BaseURL };

/** `PUT`: `key: null` clears a key entered here; `model` / `baseURL: null` clear a default. */
export const UpdateSettingsBody = Type.Object(
  {
    anthropic: Type.Optional(Type.Object({ key: Key, ...Defaults }, { additionalProperties: false })),
    openai: Type.Optional(Type.Object({ key: Key }, { additionalProperties: false })),
    "openai-chat": Type.Optional(Type.Object(Defaults, { additionalProperties: false })),
    "openai-responses": Type.Optional(Type.Object(Defaults, { additionalProperties: false })),
    /** The OpenAI-compatible capture upstream's key. */
    "openai-compatible": Type.Optional(Type.Object({ key: Key }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type UpdateSettingsBody = Static<typeof UpdateSettingsBody>;

const keyStatusFields = {
  keySet: Type.Boolean(),
  /** Where the key in use comes from (the environment wins), or `null` without one. */
  keySource: Type.Union([literals(["env", "settings"]), Type.Null()]),
  /** First 6 and last 4 characters, only for a key longer than 16. Never the key itself. */
  keyPreview: Type.Optional(Type.String()),
  /** The environment variable that would override a key entered in the settings page. */
  envVar: Type.String(),
  /** Whether a key entered in the settings page is stored, even when the environment's wins. */
  settingsKeySet: Type.Boolean(),
};

/** A key's status as pages may see it. */
export const KeyStatus = Type.Object(keyStatusFields, closed);
export type KeyStatus = Static<typeof KeyStatus>;

/** Why a provider cannot run, as a code: pages translate it (messages: `Settings.reason.<code>`). */
export const PROVIDER_REASON_CODES = [
  "no_anthropic_key",
  "no_openai_key",
  "bad_base_url",
  "faults_offline_only",
  "unavailable",
] as const;
export type ProviderReasonCode = (typeof PROVIDER_REASON_CODES)[number];
const ProviderReasonCodeSchema = literals(PROVIDER_REASON_CODES);

/** A runnable provider: its key's status (shared by both OpenAI APIs), its defaults and whether it can run. */
export const ProviderStatus = Type.Object(
  {
    ...keyStatusFields,
    keyName: literals(["anthropic", "openai"]),
    model: Type.Optional(Type.String()),
    baseURL: Type.Optional(Type.String()),
    /** Whether `POST /api/sessions` would accept this provider now. */
    runnable: Type.Boolean(),
    /** Why it cannot run, when it cannot (English). */
    reason: Type.Optional(Type.String()),
    /** The same reason as a code a page translates, with `reasonParams` (`{envVar}`, `{baseURL}`…). */
    reasonCode: Type.Optional(ProviderReasonCodeSchema),
    reasonParams: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  closed,
);
export type ProviderStatus = Static<typeof ProviderStatus>;

/** `200` of both methods. */
export const SettingsView = Type.Object(
  {
    providers: Type.Object(
      {
        anthropic: ProviderStatus,
        openai: KeyStatus,
        "openai-chat": ProviderStatus,
        "openai-responses": ProviderStatus,
        /** The key of the OpenAI-compatible capture upstream (`TOOLSCOPE_COMPAT_API_KEY` wins). */
        "openai-compatible": KeyStatus,
      },
      closed,
    ),
  },
  closed,
);
export type SettingsView = Static<typeof SettingsView>;

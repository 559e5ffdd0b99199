import { useTranslations } from "next-intl";
import type { ProviderStatus } from "@/lib/contract/settings";

/**
 * Why a provider cannot run, in the page's language: the server's `reasonCode` and
 * `reasonParams` through the catalogs (`ProviderReason.<code>`), its English `reason` only when
 * it sent no code (an older server).
 */
export function useProviderReason(): (status: ProviderStatus | undefined) => string {
  const t = useTranslations("ProviderReason");
  return (status) => {
    if (!status) return "";
    if (status.reasonCode) return t(status.reasonCode, status.reasonParams ?? {});
    return status.reason ?? "";
  };
}

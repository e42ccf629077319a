import { useTranslation } from "react-i18next";
import { ErrorState } from "./ErrorState";

/** A token is stored but the profile could not be fetched (server unreachable or failing). */
export function ProfileUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <ErrorState
        title={t("profileUnavailable.title")}
        description={t("profileUnavailable.description")}
        onRetry={onRetry}
      />
    </div>
  );
}

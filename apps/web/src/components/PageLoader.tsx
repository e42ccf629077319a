import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";

export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-muted-foreground">
      <Spinner className="size-8" label={label ?? t("loading")} />
    </div>
  );
}

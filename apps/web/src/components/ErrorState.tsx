import { AlertTriangle, RotateCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

interface ErrorStateProps {
  title: string;
  description?: string;
  onRetry?: () => void;
  className?: string;
}

export function ErrorState({ title, description, onRetry, className }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center text-sm",
        className,
      )}
    >
      <AlertTriangle aria-hidden="true" className="size-8 text-destructive" />
      <p className="font-medium text-base">{title}</p>
      {description && <p className="max-w-md text-muted-foreground">{description}</p>}
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          {t("actions.tryAgain")}
        </Button>
      )}
    </div>
  );
}

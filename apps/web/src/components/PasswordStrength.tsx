import { passwordStrength } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

/** The contract's English strength labels, by score. */
const LABEL_KEYS = ["veryWeak", "veryWeak", "weak", "fair", "good", "strong"] as const;

const COLORS = ["bg-destructive", "bg-destructive", "bg-orange-500", "bg-yellow-500", "bg-lime-500", "bg-success"];

/** The user form's strength meter (spec §5): five segments and the label of the score. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
  const { score } = passwordStrength(password);
  return (
    <div className="grid gap-1" data-testid="password-strength">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((step) => (
          <span key={step} className={cn("h-1.5 flex-1 rounded-full bg-muted", step <= score && COLORS[score])} />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        {t("password.strength")}{" "}
        <span className="font-medium text-foreground">
          {t(`password.strengths.${LABEL_KEYS[score] ?? "veryWeak"}`)}
        </span>
      </p>
    </div>
  );
}

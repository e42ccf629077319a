import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

interface QuestionNavigatorProps {
  answered: boolean[];
  current: number;
  onSelect: (index: number) => void;
}

/** One button per question; answered ones are filled, the current one is outlined. */
export function QuestionNavigator({ answered, current, onSelect }: QuestionNavigatorProps) {
  const { t } = useTranslation("take-assessment");
  return (
    <nav aria-label={t("navigator.label")}>
      <ol className="flex flex-wrap gap-2">
        {answered.map((done, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: questions keep their place in an attempt
          <li key={index}>
            <button
              type="button"
              onClick={() => onSelect(index)}
              aria-current={index === current ? "step" : undefined}
              aria-label={t(done ? "navigator.answered" : "navigator.notAnswered", { number: index + 1 })}
              className={cn(
                "flex size-10 items-center justify-center rounded-md border font-medium text-sm",
                "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
                done ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-muted",
                index === current && "ring-2 ring-ring ring-offset-2 ring-offset-background",
              )}
            >
              {index + 1}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

import { FileUp, Link2 } from "lucide-react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

const SOURCES = [
  { value: "file", icon: FileUp },
  { value: "link", icon: Link2 },
] as const;

/** File or Link: the two radio buttons of the material dialog, registered as one form field. */
export function MaterialSourceChoice(props: Omit<ComponentProps<"input">, "type" | "value">) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm leading-none">{t("material.type")}</legend>
      <div className="grid grid-cols-2 gap-2">
        {SOURCES.map(({ value, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              "flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm",
              "has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50",
            )}
          >
            <input type="radio" value={value} className="accent-primary" {...props} />
            <Icon aria-hidden="true" className="size-4" />
            {t(`material.sources.${value}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

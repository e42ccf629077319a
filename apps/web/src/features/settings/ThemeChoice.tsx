import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { type Theme, useTheme } from "@/theme/theme-context";

const OPTIONS: { value: Theme; icon: typeof Sun }[] = [
  { value: "light", icon: Sun },
  { value: "dark", icon: Moon },
  { value: "system", icon: Monitor },
];

/** Light, dark or the device's setting; saved in this browser. */
export function ThemeChoice() {
  const { t } = useTranslation("settings");
  const { theme, setTheme } = useTheme();
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">{t("theme.title")}</CardTitle>
        <CardDescription>{t("theme.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset>
          <legend className="sr-only">{t("theme.legend")}</legend>
          <div className="grid grid-cols-3 gap-2">
            {OPTIONS.map(({ value, icon: Icon }) => (
              <label
                key={value}
                className={cn(
                  "flex cursor-pointer flex-col items-center gap-2 rounded-lg border p-3 text-sm",
                  "has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                )}
              >
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  checked={theme === value}
                  onChange={() => setTheme(value)}
                  className="sr-only"
                />
                <Icon aria-hidden="true" className="size-5" />
                {t(`theme.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}

import { Moon, Sun } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { useTheme } from "@/theme/theme-context";

const loadMenu = () => import("./ThemeMenu");
const ThemeMenu = lazy(() => loadMenu().then((m) => ({ default: m.ThemeMenu })));

/**
 * The menu (and the menu library behind it) loads on first use, keeping it out of the first-load
 * bundle; until then a look-alike button stands in and opens the menu once it has loaded.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { resolvedTheme } = useTheme();
  const [opened, setOpened] = useState(false);
  const Icon = resolvedTheme === "dark" ? Moon : Sun;
  const standIn = (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t("theme.toggle")}
      aria-haspopup="menu"
      onPointerEnter={loadMenu}
      onFocus={loadMenu}
      onClick={() => setOpened(true)}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ThemeMenu defaultOpen />
    </Suspense>
  );
}

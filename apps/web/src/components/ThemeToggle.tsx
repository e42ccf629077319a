import { Moon, Sun } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

const loadMenu = () => import("./ThemeMenu");
const ThemeMenu = lazy(() => loadMenu().then((m) => ({ default: m.ThemeMenu })));

/**
 * The menu (and the menu library behind it) loads on first use, keeping it out of the first-load
 * bundle; until then a look-alike button stands in and opens the menu once it has loaded.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
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
      {/* The html element's theme class picks the icon, so the prerendered pages hold both (boot/start.tsx). */}
      <Sun aria-hidden="true" className="dark:hidden" />
      <Moon aria-hidden="true" className="hidden dark:block" />
    </Button>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ThemeMenu defaultOpen />
    </Suspense>
  );
}

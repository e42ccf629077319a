import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Selection } from "./selection";

/** The picked users as removable chips, so a selection made on other pages stays visible. */
export function SelectedUsers({ selection, onUnselect }: { selection: Selection; onUnselect: (id: string) => void }) {
  const { t } = useTranslation("course-detail");
  if (selection.size === 0) return null;
  return (
    <ul aria-label={t("batch.add.selected")} className="flex max-h-24 flex-wrap gap-1.5 overflow-y-auto">
      {[...selection].map(([id, name]) => (
        <li key={id}>
          <button
            type="button"
            onClick={() => onUnselect(id)}
            aria-label={t("batch.add.unselect", { name })}
            className="inline-flex items-center gap-1 rounded-full border bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground hover:bg-secondary/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {name}
            <X aria-hidden="true" className="size-3" />
          </button>
        </li>
      ))}
    </ul>
  );
}

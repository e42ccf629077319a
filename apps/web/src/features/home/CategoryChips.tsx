import type { Category } from "@lms/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

interface CategoryChipsProps {
  categories: Category[] | undefined;
  loading: boolean;
  selected: string | null;
  onSelect: (categoryId: string | null) => void;
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex items-center gap-2 rounded-full border px-4 py-1.5 text-sm font-medium transition-colors",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        pressed
          ? "border-primary bg-primary text-primary-foreground"
          : "bg-background hover:bg-accent hover:text-accent-foreground",
      )}
    >
      {children}
    </button>
  );
}

export function CategoryChips({ categories, loading, selected, onSelect }: CategoryChipsProps) {
  const { t } = useTranslation("home");
  return (
    <fieldset id="categories" className="flex flex-wrap justify-center gap-2">
      <legend className="sr-only">{t("categories.legend")}</legend>
      <Chip pressed={selected === null} onClick={() => onSelect(null)}>
        {t("categories.all")}
      </Chip>
      {loading && ["a", "b", "c", "d"].map((key) => <Skeleton key={key} className="h-9 w-28 rounded-full" />)}
      {categories?.map((category) => (
        <Chip key={category._id} pressed={selected === category._id} onClick={() => onSelect(category._id)}>
          {category.name}
          <span className="text-xs opacity-70">{category.courseCount}</span>
        </Chip>
      ))}
    </fieldset>
  );
}

import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

interface PaginationProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label?: string;
}

const MAX_LINKS = 5;

/** Previous and next with at most five page buttons around the current page. */
export function Pagination({ page, pages, onPage, label }: PaginationProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const first = Math.max(1, Math.min(page - Math.floor(MAX_LINKS / 2), pages - MAX_LINKS + 1));
  const numbers = Array.from({ length: Math.min(MAX_LINKS, pages) }, (_, i) => first + i);
  return (
    <nav aria-label={label ?? t("pagination.label")} className="flex flex-wrap items-center justify-center gap-1">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        {t("pagination.previous")}
      </Button>
      {numbers.map((n) => (
        <Button
          key={n}
          variant={n === page ? "default" : "ghost"}
          size="sm"
          aria-current={n === page ? "page" : undefined}
          aria-label={t("pagination.page", { page: n })}
          onClick={() => onPage(n)}
        >
          {n}
        </Button>
      ))}
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("pagination.next")}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

import { useSortable } from "@dnd-kit/sortable";
import { CSS as DndCss } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** Marks a row's Move up/Move down buttons, so focus can follow the row to its new place. */
export const moveButton = (id: string, direction: "up" | "down") => ({ "data-move": `${id}-${direction}` });

/** After a move re-renders the list, focus the moved row's button again (or the other one at an end). */
export function refocusMove(id: string, direction: "up" | "down") {
  requestAnimationFrame(() => {
    const other = direction === "up" ? "down" : "up";
    const button =
      document.querySelector<HTMLElement>(`[data-move="${CSS.escape(`${id}-${direction}`)}"]`) ??
      document.querySelector<HTMLElement>(`[data-move="${CSS.escape(`${id}-${other}`)}"]`);
    button?.focus();
  });
}

interface SortableRowProps {
  id: string;
  title: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  /** The row's content; `controls` are its drag handle and Move up/Move down buttons. */
  children: (controls: ReactNode) => ReactNode;
}

/** One list item that can be dragged by its handle or moved one place with its buttons. */
export function SortableRow({ id, title, index, count, onMove, children }: SortableRowProps) {
  const { t } = useTranslation("course-detail");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const move = (direction: "up" | "down") => {
    onMove(index, direction === "up" ? index - 1 : index + 1);
    refocusMove(id, direction);
  };
  const controls = (
    <div className="flex shrink-0 items-center">
      <Button
        ref={setActivatorNodeRef}
        type="button"
        variant="ghost"
        size="sm"
        className="size-8 cursor-grab touch-none px-0 active:cursor-grabbing"
        aria-label={t("reorder.handle", { title })}
        {...attributes}
        {...listeners}
      >
        <GripVertical aria-hidden="true" />
      </Button>
      {index > 0 && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="size-8 px-0"
          aria-label={t("reorder.moveUp", { title })}
          title={t("reorder.moveUp", { title })}
          onClick={() => move("up")}
          {...moveButton(id, "up")}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
      )}
      {index < count - 1 && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="size-8 px-0"
          aria-label={t("reorder.moveDown", { title })}
          title={t("reorder.moveDown", { title })}
          onClick={() => move("down")}
          {...moveButton(id, "down")}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
      )}
    </div>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: DndCss.Translate.toString(transform), transition }}
      className={cn(isDragging && "relative z-10 opacity-80")}
    >
      {children(controls)}
    </li>
  );
}

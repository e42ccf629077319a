import { useSortable } from "@dnd-kit/sortable";
import { CSS as DndCss } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

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
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const moved = useRef<{ direction: "up" | "down"; from: number } | null>(null);
  // The row's element moves in the page, which takes the focus from its button: give it back once
  // the row is in its new place (the other button when it reached an end of the list).
  useEffect(() => {
    if (!moved.current || moved.current.from === index) return;
    const [same, other] = moved.current.direction === "up" ? [up, down] : [down, up];
    (same.current ?? other.current)?.focus();
    moved.current = null;
  }, [index]);
  const move = (direction: "up" | "down") => {
    moved.current = { direction, from: index };
    onMove(index, direction === "up" ? index - 1 : index + 1);
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
          ref={up}
          onClick={() => move("up")}
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
          ref={down}
          onClick={() => move("down")}
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

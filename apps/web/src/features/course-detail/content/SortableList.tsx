import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface SortableListProps {
  ids: string[];
  /** What a screen reader hears an item called while it moves. */
  titleOf: (id: string) => string;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/**
 * Rows that reorder by dragging their handle, or from the keyboard: Space or Enter on the handle
 * picks the row up, the arrow keys move it, Space or Enter drops it and Escape puts it back.
 */
export function SortableList({ ids, titleOf, onMove, children }: SortableListProps) {
  const { t } = useTranslation("course-detail");
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const place = (id: string | number | undefined) => ({
    title: titleOf(String(id)),
    position: ids.indexOf(String(id)) + 1,
    count: ids.length,
  });
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("reorder.pickedUp", place(active.id)),
    onDragOver: ({ active, over }) =>
      over ? t("reorder.movedOver", { ...place(active.id), position: place(over.id).position }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t("reorder.dropped", { ...place(active.id), position: place(over.id).position }) : undefined,
    onDragCancel: ({ active }) => t("reorder.cancelled", place(active.id)),
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("reorder.instructions") } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

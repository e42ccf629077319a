import { useRef } from "react";

const ROW = "data-delete-group";
const FALLBACK = "data-delete-fallback";

/** Marks a row's delete button as one of the list `group`; rows count in document order. */
export const deleteTrigger = (group: string) => ({ [ROW]: group });

/** Marks where focus goes once the list `group` is empty: its add button, or its heading with tabIndex={-1}. */
export const deleteFallback = (group: string) => ({ [FALLBACK]: group });

/** The row after `item`, then the one before it: where focus goes, best first, once `item` is deleted. */
export function neighbours<T>(rows: readonly T[], item: T): T[] {
  const index = rows.indexOf(item);
  if (index < 0) return [];
  return [...rows.slice(index + 1, index + 2), ...rows.slice(Math.max(0, index - 1), index)];
}

/** Read while the trigger's row and its neighbours are all on screen; answers once the row is gone. */
function successorOf(trigger: HTMLElement): () => HTMLElement | null {
  const selector = (attribute: string) => `[${attribute}="${CSS.escape(trigger.getAttribute(ROW) ?? "")}"]`;
  const rows = neighbours([...document.querySelectorAll<HTMLElement>(selector(ROW))], trigger);
  return () => rows.find((row) => row.isConnected) ?? document.querySelector<HTMLElement>(selector(FALLBACK));
}

/**
 * Focus around a delete confirmed in a dialog. Those dialogs have no Radix trigger, so Radix would leave
 * focus on the page body when they close. Here a cancel returns focus to the delete button, and a delete
 * moves it to the next row's delete button, else the previous row's, else the list's fallback.
 */
export function useFocusAfterDelete(trigger: () => HTMLElement | null) {
  const successor = useRef<() => HTMLElement | null>(() => null);
  const deleted = useRef(false);
  return {
    /** Call as the delete starts; answers `done` for its success, which must run before the dialog closes. */
    deleting(done: () => void) {
      const element = trigger();
      successor.current = element ? successorOf(element) : () => null;
      return () => {
        deleted.current = true;
        done();
      };
    },
    /** The dialog's onCloseAutoFocus. */
    onCloseAutoFocus(event: Event) {
      const back = trigger();
      // A trigger gone from the page went with its deleted row, even if the success came too late to say so.
      const target = deleted.current || !back?.isConnected ? successor.current() : back;
      deleted.current = false;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

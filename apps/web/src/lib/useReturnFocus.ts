import { useRef } from "react";

/** What to give focus back to: the element itself, or for a menu item (gone with its menu) the menu's trigger. */
function openerOf(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const menu = element.closest('[role="menu"]');
  if (!menu) return element;
  return document.getElementById(menu.getAttribute("aria-labelledby") ?? "");
}

/** The page's main heading, focusable by script only. */
function mainHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>("main h1");
  if (heading && !heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  return heading;
}

interface AutoFocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Radix gives focus back only to a Radix trigger, so a dialog opened from a plain button or a menu item
 * left it on the page body. This remembers what had focus as the dialog opened and returns focus there on
 * close; when that control is gone (its row deleted, its page left), to the page's main heading. A caller's
 * own onCloseAutoFocus (e.g. useFocusAfterDelete) runs first and wins when it prevents the default.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      opener.current = openerOf(document.activeElement);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current?.isConnected ? opener.current : mainHeading();
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}

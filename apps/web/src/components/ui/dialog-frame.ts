/**
 * Where a dialog sits: centred, but never in the bottom 6rem of the screen, which is the lane toasts
 * appear in (`app/LazyToaster.tsx`, bottom right). A toast raised while a dialog is open so never covers
 * its close button or its footer's buttons; a taller dialog scrolls inside.
 */
export const DIALOG_FRAME =
  "fixed top-[calc(50%-2.5rem)] left-1/2 z-50 grid max-h-[calc(100dvh-7rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto";

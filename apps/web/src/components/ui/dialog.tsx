import { X } from "lucide-react";
import { Dialog as Primitive } from "radix-ui";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { useReturnFocus } from "@/lib/useReturnFocus";
import { cn } from "@/lib/utils";
import { DIALOG_FRAME } from "./dialog-frame";

export const Dialog = Primitive.Root;
export const DialogTrigger = Primitive.Trigger;
export const DialogClose = Primitive.Close;

export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onPointerDownOutside,
  ...props
}: ComponentProps<typeof Primitive.Content>) {
  const { t } = useTranslation();
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
      <Primitive.Content
        className={cn(
          DIALOG_FRAME,
          "max-w-lg",
          "rounded-xl border bg-background p-6 shadow-xl animate-page-in",
          className,
        )}
        onPointerDownOutside={(event) => {
          // Dismissing a toast is not a click beside the dialog: the dialog and what was typed in it stay.
          if (event.target instanceof Element && event.target.closest("[data-sonner-toaster]")) event.preventDefault();
          onPointerDownOutside?.(event);
        }}
        {...props}
        {...focus}
      >
        {children}
        <Primitive.Close
          aria-label={t("actions.close")}
          className="absolute top-4 right-4 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X aria-hidden="true" className="size-4" />
        </Primitive.Close>
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-6", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof Primitive.Title>) {
  return <Primitive.Title className={cn("text-lg font-semibold leading-tight", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof Primitive.Description>) {
  return <Primitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

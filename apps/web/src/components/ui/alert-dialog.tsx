import { AlertDialog as Primitive } from "radix-ui";
import type { ComponentProps } from "react";
import { useReturnFocus } from "@/lib/useReturnFocus";
import { cn } from "@/lib/utils";
import { type ButtonVariant, buttonClasses } from "./button";
import { DIALOG_FRAME } from "./dialog-frame";

export const AlertDialog = Primitive.Root;

export function AlertDialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof Primitive.Content>) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
      <Primitive.Content
        className={cn(
          DIALOG_FRAME,
          "max-w-md",
          "rounded-xl border bg-background p-6 shadow-xl animate-page-in",
          className,
        )}
        {...props}
        {...focus}
      >
        {children}
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-2 text-center sm:text-left", className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof Primitive.Title>) {
  return <Primitive.Title className={cn("text-lg font-semibold", className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentProps<typeof Primitive.Description>) {
  return <Primitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: ComponentProps<typeof Primitive.Cancel>) {
  return <Primitive.Cancel className={buttonClasses({ variant: "outline", className })} {...props} />;
}

interface ActionProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
}

/** A plain button rather than Primitive.Action, so an async confirm can keep the dialog open while it runs. */
export function AlertDialogConfirm({ className, variant = "default", type = "button", ...props }: ActionProps) {
  return <button type={type} className={buttonClasses({ variant, className })} {...props} />;
}

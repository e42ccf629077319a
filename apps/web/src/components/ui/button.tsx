import { Slot } from "radix-ui";
import { type ComponentProps, type MouseEvent, useId } from "react";
import { cn } from "@/lib/utils";

const variants = {
  default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  outline: "border border-input bg-background hover:bg-accent hover:text-accent-foreground",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
  link: "text-primary underline-offset-4 hover:underline",
} as const;

/**
 * How each variant looks when it cannot be used: muted colours that keep 4.5:1 in both themes, instead of
 * fading the enabled colours (half-opaque text on the dark theme was unreadable). `aria-disabled` is the
 * form a button with a stated reason takes: it stays focusable so a keyboard user can reach the reason.
 */
const unavailable = {
  default:
    "disabled:bg-muted disabled:text-muted-foreground disabled:shadow-none aria-disabled:bg-muted aria-disabled:text-muted-foreground aria-disabled:shadow-none",
  secondary:
    "disabled:bg-muted disabled:text-muted-foreground aria-disabled:bg-muted aria-disabled:text-muted-foreground",
  outline: "disabled:text-muted-foreground aria-disabled:text-muted-foreground",
  ghost: "disabled:text-muted-foreground aria-disabled:text-muted-foreground",
  destructive:
    "disabled:bg-muted disabled:text-muted-foreground disabled:shadow-none aria-disabled:bg-muted aria-disabled:text-muted-foreground aria-disabled:shadow-none",
  link: "disabled:text-muted-foreground disabled:no-underline aria-disabled:text-muted-foreground aria-disabled:no-underline",
} as const;

const sizes = {
  default: "h-10 px-4 py-2",
  sm: "h-9 px-3",
  lg: "h-11 px-6 text-base",
  icon: "size-10",
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClasses({
  variant = "default",
  size = "default",
  className,
}: {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
  className?: string;
} = {}): string {
  return cn(
    "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors",
    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
    "disabled:pointer-events-none aria-disabled:pointer-events-none [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
    variants[variant],
    unavailable[variant],
    sizes[size],
    className,
  );
}

interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
  /** Renders the single child (for example a router Link) with the button's look. */
  asChild?: boolean;
  /** Why the disabled button cannot be used now: shown on hover and focus, and read as its description. */
  disabledReason?: string;
}

export function Button({
  variant,
  size,
  asChild,
  className,
  type = "button",
  disabled,
  disabledReason,
  ...props
}: ButtonProps) {
  const classes = buttonClasses({ variant, size, className });
  if (asChild) return <Slot.Root className={classes} {...props} />;
  if (disabled && disabledReason)
    return <ExplainedDisabledButton type={type} className={classes} reason={disabledReason} {...props} />;
  return <button type={type} className={classes} disabled={disabled} {...props} />;
}

/**
 * A disabled button that says why: focusable, it ignores activation (a click, or Enter submitting its form)
 * and shows its reason in a tooltip on hover and on keyboard focus. The tooltip is aligned to the right edge, where
 * such buttons sit (table actions, dialog footers), so a scrolling container does not cut it off.
 */
function ExplainedDisabledButton({
  reason,
  onClick: _ignored,
  ...props
}: ComponentProps<"button"> & { reason: string }) {
  const reasonId = useId();
  const refuse = (event: MouseEvent) => event.preventDefault();
  return (
    <span className="group/unavailable relative inline-flex">
      <button aria-disabled="true" aria-describedby={reasonId} onClick={refuse} {...props} />
      <span
        role="tooltip"
        id={reasonId}
        className="pointer-events-none invisible absolute right-0 bottom-full z-50 mb-2 w-max max-w-64 rounded-md border bg-popover px-2 py-1 text-center text-xs font-normal whitespace-normal text-popover-foreground shadow-md group-hover/unavailable:visible group-focus-within/unavailable:visible"
      >
        {reason}
      </span>
    </span>
  );
}

import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  /** Extra content on the label's line, for example a "Forgot your password?" link. */
  aside?: ReactNode;
  /** The control; give it `id`, and `aria-describedby={errorId(id)}` plus `aria-invalid` when `error` is set. */
  children: ReactNode;
}

export const errorId = (id: string) => `${id}-error`;

/** A FormField control's own props: its id, and while `error` is set, aria-invalid and the error's id. */
export const controlProps = (id: string, error: unknown, disabled: boolean) => ({
  id,
  disabled,
  "aria-invalid": !!error,
  "aria-describedby": error ? errorId(id) : undefined,
});

export function FormField({ id, label, error, aside, children }: FormFieldProps) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {error && (
        <p id={errorId(id)} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

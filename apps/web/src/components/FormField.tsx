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

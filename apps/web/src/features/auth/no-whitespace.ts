import type { ChangeEvent, KeyboardEvent } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

/** Login inputs drop every whitespace character as typed and ignore the space key (spec §5). */
export function noWhitespace<T extends string>(field: UseFormRegisterReturn<T>) {
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = event.target.value.replace(/\s/g, "");
      return field.onChange(event);
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === " ") event.preventDefault();
    },
  };
}

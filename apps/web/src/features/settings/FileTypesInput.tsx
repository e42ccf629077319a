import { type ComponentProps, useState } from "react";
import { Input } from "@/components/ui/input";

const toList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

interface FileTypesInputProps extends Omit<ComponentProps<"input">, "value" | "onChange"> {
  value: string[];
  onChange(types: string[]): void;
}

/** File extensions typed as one comma-separated line; the text is kept as typed while the list follows it. */
export function FileTypesInput({ value, onChange, ...props }: FileTypesInputProps) {
  const [text, setText] = useState(() => value.join(", "));
  return (
    <Input
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(toList(event.target.value));
      }}
    />
  );
}

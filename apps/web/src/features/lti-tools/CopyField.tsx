import { Copy } from "lucide-react";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/toast";

/** A read-only value with its label and a copy button (the value is selected when copying is refused). */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation("lti");
  const id = useId();
  const field = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t("copy.done"), { description: value });
    } catch {
      field.current?.select();
      toast.info(t("copy.manual"));
    }
  }

  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          ref={field}
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 font-mono text-xs sm:text-xs"
        />
        <Button variant="outline" size="icon" aria-label={t("copy.label", { label })} onClick={copy}>
          <Copy aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

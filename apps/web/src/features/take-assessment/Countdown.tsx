import { Timer } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

const remainingSeconds = (deadline: string) => Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000));

function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = String(m).padStart(h > 0 ? 2 : 1, "0");
  return `${h > 0 ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}

/** The time left until the server's deadline; calls `onExpire` once when it runs out. */
export function Countdown({ deadline, onExpire }: { deadline: string; onExpire: () => void }) {
  const [left, setLeft] = useState(() => remainingSeconds(deadline));
  const expired = useRef(false);
  const { t } = useTranslation("take-assessment");
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  useEffect(() => {
    const tick = () => {
      const next = remainingSeconds(deadline);
      setLeft(next);
      if (next === 0 && !expired.current) {
        expired.current = true;
        onExpireRef.current();
      }
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [deadline]);

  return (
    <p
      role="timer"
      aria-label={t("form.timeLeft")}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md border px-2.5 py-1 font-medium font-mono text-sm tabular-nums",
        left <= 60 && "border-destructive text-destructive",
      )}
    >
      <Timer aria-hidden="true" className="size-4" />
      {clock(left)}
    </p>
  );
}

import { GraduationCap } from "lucide-react";
import { Link } from "react-router";
import { useSiteName } from "./site-name";

export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  const siteName = useSiteName();
  return (
    <Link
      to="/"
      onClick={onNavigate}
      className="flex items-center gap-2 rounded-md font-bold text-lg tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <GraduationCap aria-hidden="true" className="size-5" />
      </span>
      {siteName}
    </Link>
  );
}

import type { LtiLaunchForm } from "@lms/contract";
import { type Ref, useEffect, useId, useRef } from "react";
import { cn } from "@/lib/utils";
import { postLaunchForm } from "./launch-form";

interface LtiFrameProps {
  /** The launch to post into the frame; a new launch reloads it. */
  launch: LtiLaunchForm;
  /** The frame's accessible name: the tool's name. */
  title: string;
  ref?: Ref<HTMLIFrameElement>;
  className?: string;
}

/**
 * An LTI tool in a frame of the page. The tool lives on its own origin; the frame keeps that origin
 * (allow-same-origin) so the tool's own cookies work, and it cannot reach this origin's storage.
 */
export function LtiFrame({ launch, title, ref, className }: LtiFrameProps) {
  const name = `lti-${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  // Each launch carries a one-time hint: post it once, even when an effect runs twice.
  const posted = useRef<LtiLaunchForm | null>(null);
  useEffect(() => {
    if (posted.current === launch) return;
    posted.current = launch;
    postLaunchForm(launch, name);
  }, [launch, name]);
  return (
    <iframe
      ref={ref}
      name={name}
      title={title}
      sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      allow="fullscreen; clipboard-write"
      className={cn("w-full rounded-xl border bg-white", className)}
      data-testid="lti-frame"
    />
  );
}

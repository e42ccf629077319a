import { LTI_DEEP_LINKING_DONE, type LtiCourseTool, type LtiLaunchForm } from "@lms/contract";
import { ExternalLink } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStartDeepLinking } from "@/api/lti";
import { useInvalidateCourses } from "@/api/managed-courses";
import type { CourseArea } from "@/auth/roles";
import { LtiFrame } from "@/components/lti/LtiFrame";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";

interface DeepLinkingPanelProps {
  area: CourseArea;
  courseId: string;
  moduleId: string;
  tool: LtiCourseTool;
  /** The tool's content was added: the dialog closes. */
  onDone: () => void;
}

const isDoneMessage = (data: unknown): data is { type: string; added?: unknown } =>
  typeof data === "object" && data !== null && (data as { type?: unknown }).type === LTI_DEEP_LINKING_DONE;

/**
 * Deep linking: the tool opens in a frame; the platform's return page inside that frame announces
 * how many items it added, and the course content is loaded again.
 */
export function DeepLinkingPanel({ area, courseId, moduleId, tool, onDone }: DeepLinkingPanelProps) {
  const { t } = useTranslation("lti");
  const start = useStartDeepLinking(area, courseId, moduleId);
  const invalidate = useInvalidateCourses();
  const [launch, setLaunch] = useState<LtiLaunchForm | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const done = useRef({ invalidate, onDone, t });
  done.current = { invalidate, onDone, t };

  useEffect(() => {
    if (!launch) return;
    const onMessage = (event: MessageEvent) => {
      // Only the return page inside our own frame speaks for the platform.
      if (event.source !== frame.current?.contentWindow || !isDoneMessage(event.data)) return;
      const count = typeof event.data.added === "number" ? event.data.added : 0;
      const { invalidate, onDone, t } = done.current;
      toast.success(t("add.added", { count }));
      void invalidate();
      onDone();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [launch]);

  const open = () =>
    start.mutate(tool._id, {
      onSuccess: setLaunch,
      onError: (error) => toast.error(t("add.startFailed"), { description: failureText(error, t("add.startFailed")) }),
    });

  if (launch) {
    return (
      <LtiFrame
        ref={frame}
        launch={launch}
        title={t("add.frameTitle", { name: tool.name })}
        className="h-[60vh] min-h-80"
      />
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-sm">{t("add.chooseHint", { name: tool.name })}</p>
      <Button className="justify-self-start" disabled={start.isPending} onClick={open}>
        {start.isPending ? <Spinner /> : <ExternalLink aria-hidden="true" />}
        {t("add.choose", { name: tool.name })}
      </Button>
    </div>
  );
}

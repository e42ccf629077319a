import type { ScormCmi } from "@lms/contract";
import { AlertCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { useSaveScormCmi, useScormLaunch } from "@/api/scorm";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

interface ScormMessage {
  source: "lms-scorm";
  kind: "initialize" | "change" | "commit" | "finish";
  cmi: ScormCmi;
  finished?: boolean;
}

const isScormMessage = (data: unknown): data is ScormMessage =>
  typeof data === "object" && data !== null && (data as { source?: unknown }).source === "lms-scorm";

/**
 * A SCORM package in a sandboxed frame without allow-same-origin: its scripts run in an opaque
 * origin and cannot touch this origin's storage, where the access token lives. The runtime API
 * inside the frame posts the learner's data on every change; commit and finish save it here, with
 * the learner's token (only for enrolled learners: `saves`).
 */
export function ScormPlayer({ courseId, lessonId, saves }: { courseId: string; lessonId: string; saves: boolean }) {
  const { t } = useTranslation("lesson-viewer");
  const launch = useScormLaunch(courseId, lessonId);
  const save = useSaveScormCmi(courseId, lessonId);
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef<{ cmi: ScormCmi; saved: boolean } | null>(null);
  const saveRef = useRef(save.mutate);
  saveRef.current = save.mutate;

  useEffect(() => {
    if (!saves) return;
    const onMessage = (event: MessageEvent) => {
      // Only our frame's document, whose origin the sandbox makes opaque ("null").
      if (event.source !== frame.current?.contentWindow || event.origin !== "null") return;
      if (!isScormMessage(event.data)) return;
      const { kind, cmi } = event.data;
      latest.current = { cmi, saved: false };
      if (kind === "commit" || kind === "finish") {
        latest.current.saved = true;
        saveRef.current({ ...cmi, finished: kind === "finish" });
      }
    };
    window.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("message", onMessage);
      // Leaving the lesson keeps what the package set since its last commit.
      if (latest.current && !latest.current.saved) saveRef.current({ ...latest.current.cmi, finished: true });
    };
  }, [saves]);

  if (launch.isPending) {
    return (
      <div className="flex min-h-96 items-center justify-center rounded-xl border bg-muted/40 text-muted-foreground">
        <Spinner className="size-8" label={t("scorm.loading")} />
      </div>
    );
  }
  if (launch.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>{t("scorm.error")}</AlertTitle>
        <AlertDescription className="grid gap-2">
          <span>{messageOf(launch.error, t("scorm.error"))}</span>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => launch.refetch()}>
            {t("scorm.retry")}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="grid gap-2">
      <iframe
        ref={frame}
        src={launch.data.launchUrl}
        title={launch.data.package.title}
        sandbox="allow-scripts allow-forms allow-popups"
        className="h-[75vh] min-h-96 w-full rounded-xl border bg-white"
        data-testid="scorm-frame"
      />
      {save.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t("scorm.saveFailed")} {messageOf(save.error, "")}
        </p>
      )}
    </div>
  );
}

import type { LessonFileLti, LtiLaunchForm } from "@lms/contract";
import { AlertCircle, ExternalLink, Plug } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { useLtiLaunch } from "@/api/lti";
import { LtiFrame } from "@/components/lti/LtiFrame";
import { postLaunchForm } from "@/components/lti/launch-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

interface LtiLauncherProps {
  courseId: string;
  lessonId: string;
  lti: LessonFileLti;
}

/**
 * A lesson's LTI tool: Open asks the server for a fresh one-time launch and posts it into a frame
 * here, or into a new window when the link says so.
 */
export function LtiLauncher({ courseId, lessonId, lti }: LtiLauncherProps) {
  const { t } = useTranslation("lti");
  const launch = useLtiLaunch(courseId, lessonId, lti.linkId);
  const [framed, setFramed] = useState<LtiLaunchForm | null>(null);
  const [inWindow, setInWindow] = useState(false);
  const name = lti.toolName;

  const open = () =>
    launch.mutate(undefined, {
      onSuccess: (form) => {
        if (form.target === "window") {
          postLaunchForm(form, "_blank");
          setInWindow(true);
        } else setFramed(form);
      },
    });

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4">
        <div className="flex min-w-0 items-center gap-3">
          <span className="rounded-full bg-muted p-2 text-muted-foreground">
            <Plug aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="text-muted-foreground text-xs">{t("launch.kind")}</p>
            <p className="break-words font-semibold">{name}</p>
          </div>
        </div>
        <Button onClick={open} disabled={launch.isPending}>
          {launch.isPending ? <Spinner /> : <ExternalLink aria-hidden="true" />}
          {t("launch.open", { name })}
        </Button>
      </div>
      {launch.isError && (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{t("launch.failed", { name })}</AlertTitle>
          <AlertDescription>{messageOf(launch.error, t("launch.failed", { name }))}</AlertDescription>
        </Alert>
      )}
      {framed ? (
        <LtiFrame launch={framed} title={name} className="h-[75vh] min-h-96" />
      ) : inWindow ? (
        <p role="status" className="text-muted-foreground text-sm">
          {t("launch.inWindow", { name })}
        </p>
      ) : (
        <p className="text-muted-foreground text-sm">{t("launch.hint", { name })}</p>
      )}
    </div>
  );
}

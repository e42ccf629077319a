import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { useSetCoursesStatus } from "@/api/managed-courses";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";

/** With courses selected: publish or unpublish them all, after a confirmation; failures are named one by one. */
export function BulkPublishBar({
  ids,
  titleOf,
  onDone,
}: {
  ids: string[];
  titleOf: (id: string) => string;
  onDone: () => void;
}) {
  const { t } = useTranslation("courses");
  const [asked, setAsked] = useState<"publish" | "unpublish" | null>(null);
  const setStatus = useSetCoursesStatus();
  const count = ids.length;

  function confirm() {
    if (!asked) return;
    const published = asked === "publish";
    setStatus.mutate(
      { ids, published },
      {
        onSuccess: (failures) => {
          const done = count - failures.length;
          if (done > 0) toast.success(t(published ? "bulk.published" : "bulk.unpublished", { count: done }));
          for (const failure of failures) {
            toast.error(t("bulk.failed", { title: titleOf(failure.id) }), {
              description: messageOf(failure.error, t("bulk.failedReason")),
            });
          }
          setAsked(null);
          onDone();
        },
      },
    );
  }

  return (
    <section
      aria-label={t("bulk.label")}
      className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/30 p-3"
    >
      <p className="mr-auto text-sm font-medium" aria-live="polite">
        {t("bulk.selected", { count })}
      </p>
      <Button variant="outline" onClick={() => setAsked("publish")}>
        <Eye aria-hidden="true" />
        {t("bulk.publish")}
      </Button>
      <Button variant="outline" onClick={() => setAsked("unpublish")}>
        <EyeOff aria-hidden="true" />
        {t("bulk.unpublish")}
      </Button>
      <Button variant="ghost" onClick={onDone}>
        {t("bulk.clear")}
      </Button>
      <AlertDialog open={asked !== null} onOpenChange={(open) => !open && !setStatus.isPending && setAsked(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t(asked === "publish" ? "bulk.confirmPublishTitle" : "bulk.confirmUnpublishTitle", { count })}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {t(asked === "publish" ? "bulk.confirmPublishBody" : "bulk.confirmUnpublishBody", { count })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={setStatus.isPending}>{t("bulk.cancel")}</AlertDialogCancel>
            <AlertDialogConfirm disabled={setStatus.isPending} onClick={confirm}>
              {setStatus.isPending && <Spinner className="size-4" />}
              {t(asked === "publish" ? "bulk.publish" : "bulk.unpublish")}
            </AlertDialogConfirm>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

import { CalendarPlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

const loadDialog = () => import("./schedule/ScheduleSessionDialog");
const ScheduleSessionDialog = lazy(() => loadDialog().then((m) => ({ default: m.ScheduleSessionDialog })));

/** Opens the schedule-session dialog for a course; the dialog's code loads when the button is approached. */
export function ScheduleSessionButton({ courseId }: { courseId: string }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation("sessions");
  return (
    <>
      <Button onClick={() => setOpen(true)} onPointerEnter={loadDialog} onFocus={loadDialog}>
        <CalendarPlus aria-hidden="true" />
        {t("schedule.title")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ScheduleSessionDialog courseId={courseId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

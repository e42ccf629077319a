import type { CourseDetail } from "@lms/contract";
import { Copy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CourseArea } from "@/auth/roles";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyCourseDialog } from "./CopyCourseDialog";

/** "Copy to next term": a new draft course with this one's content and none of its people. */
export function CopyCourseCard({ course, area }: { course: CourseDetail; area: CourseArea }) {
  const { t } = useTranslation("course-detail");
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("copyCourse.title")}</CardTitle>
        <CardDescription>{t("copyCourse.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setOpen(true)}>
          <Copy aria-hidden="true" />
          {t("copyCourse.open")}
        </Button>
        {open && <CopyCourseDialog course={course} area={area} onClose={() => setOpen(false)} />}
      </CardContent>
    </Card>
  );
}

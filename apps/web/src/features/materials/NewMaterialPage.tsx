import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ManagedCoursesGate } from "@/components/ManagedCoursesGate";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { COURSE_UI } from "@/lib/course-messages";
import { toast } from "@/lib/toast";
import { NewMaterialForm } from "./NewMaterialForm";

/** /instructor/materials/new: add a file or a link to one of one's courses (`?courseId=` preselects it). */
export function NewMaterialPage() {
  const { t } = useTranslation("materials");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cancel = (
    <Button asChild variant="outline">
      <Link to="/instructor/materials">{t("form.cancel")}</Link>
    </Button>
  );

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("upload")} />
      <header>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("upload")}</h1>
        <p className="mt-1 text-muted-foreground">{t("form.subtitle")}</p>
      </header>
      <ManagedCoursesGate wanted={params.get("courseId")} emptyDescription={t("form.noCourses")}>
        {(courses, initialCourseId) => (
          <Card>
            <CardContent className="p-4 sm:p-6">
              <NewMaterialForm
                courses={courses}
                initialCourseId={initialCourseId}
                cancel={cancel}
                onCreated={() => {
                  toast.success(COURSE_UI.successTitle, { description: t("form.created") });
                  navigate("/instructor/materials");
                }}
              />
            </CardContent>
          </Card>
        )}
      </ManagedCoursesGate>
    </div>
  );
}

import type { CourseDetail } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** What a learner should bring to the course: its stated requirements, nothing to tick off. */
export function PrerequisitesCard({ prerequisites }: { prerequisites: CourseDetail["prerequisites"] }) {
  const { t } = useTranslation("course-detail");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("overview.prerequisites")}</CardTitle>
      </CardHeader>
      <CardContent>
        {prerequisites.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("overview.noPrerequisites")}</p>
        ) : (
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            {prerequisites.map((item) => (
              <li key={item.title} className="break-words">
                {item.title}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

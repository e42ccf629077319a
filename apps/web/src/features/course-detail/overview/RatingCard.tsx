import { Star } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRateCourse } from "@/api/enrollments";
import { messageOf } from "@/api/errors";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";

const STARS = [1, 2, 3, 4, 5];

/** A 1-5 rating for an enrolled learner; a new rating replaces the old one. */
export function RatingCard({ courseId, rating }: { courseId: string; rating: number | null }) {
  const { t } = useTranslation("course-detail");
  const rate = useRateCourse(courseId);
  const [hovered, setHovered] = useState<number | null>(null);
  const current = rate.isPending ? rate.variables : rating;
  const shown = hovered ?? current ?? 0;

  const choose = (value: number) =>
    rate.mutate(value, {
      onSuccess: () => toast.success(t("rating.thanks")),
      onError: (error) => toast.error(t("rating.failed"), { description: messageOf(error, t("rating.failedDetail")) }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("rating.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <fieldset className="flex gap-1" onMouseLeave={() => setHovered(null)} disabled={rate.isPending}>
          <legend className="sr-only">{t("rating.legend")}</legend>
          {STARS.map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-sm p-0.5 has-focus-visible:ring-2 has-focus-visible:ring-ring"
              onMouseEnter={() => setHovered(value)}
            >
              <input
                type="radio"
                name={`rating-${courseId}`}
                value={value}
                checked={current === value}
                onChange={() => choose(value)}
                className="sr-only"
              />
              <Star
                aria-hidden="true"
                className={cn("size-7", value <= shown ? "fill-amber-400 text-amber-400" : "text-muted-foreground")}
              />
              <span className="sr-only">{t("rating.stars", { count: value })}</span>
            </label>
          ))}
        </fieldset>
        <p className="text-sm text-muted-foreground">
          {current ? t("rating.current", { rating: current }) : t("rating.none")}
        </p>
      </CardContent>
    </Card>
  );
}

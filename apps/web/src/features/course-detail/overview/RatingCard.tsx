import { Star } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useRateCourse } from "@/api/enrollments";
import { messageOf } from "@/api/errors";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

const STARS = [1, 2, 3, 4, 5];

/** A 1-5 rating for an enrolled learner; a new rating replaces the old one. */
export function RatingCard({ courseId, rating }: { courseId: string; rating: number | null }) {
  const rate = useRateCourse(courseId);
  const [hovered, setHovered] = useState<number | null>(null);
  const current = rate.isPending ? rate.variables : rating;
  const shown = hovered ?? current ?? 0;

  const choose = (value: number) =>
    rate.mutate(value, {
      onSuccess: () => toast.success("Thank you for rating this course"),
      onError: (error) =>
        toast.error("Rating failed", { description: messageOf(error, "Could not save your rating.") }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Rate this course</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <fieldset className="flex gap-1" onMouseLeave={() => setHovered(null)} disabled={rate.isPending}>
          <legend className="sr-only">Your rating</legend>
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
              <span className="sr-only">{value === 1 ? "1 star" : `${value} stars`}</span>
            </label>
          ))}
        </fieldset>
        <p className="text-sm text-muted-foreground">
          {current ? `You rated this course ${current} of 5.` : "You have not rated this course yet."}
        </p>
      </CardContent>
    </Card>
  );
}

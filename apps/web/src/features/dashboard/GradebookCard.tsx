import { ClipboardCheck } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** Grades come with assessments; until those records exist there is nothing to show. */
export function GradebookCard() {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <ClipboardCheck aria-hidden="true" className="size-4" />
          Gradebook
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">No data yet</p>
      </CardContent>
    </Card>
  );
}

import { Info } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";

/** Says plainly that this dashboard's figures are not built yet, rather than showing invented numbers. */
export function ComingWithCourses({ what }: { what: string }) {
  return (
    <Alert role="note">
      <Info aria-hidden="true" />
      <AlertDescription>{what} arrive with the courses feature.</AlertDescription>
    </Alert>
  );
}

import type { CourseDetail } from "@lms/contract";
import { FileText, Upload } from "lucide-react";
import type { CourseArea } from "@/auth/roles";
import { EmptyState } from "@/components/EmptyState";
import { MaterialRow } from "@/components/material/MaterialRow";
import { Button } from "@/components/ui/button";
import type { OpenDialog } from "../dialog-state";
import { MaterialActions } from "./MaterialActions";

interface MaterialsTabProps {
  course: CourseDetail;
  /** The api area of a course manager; null for everyone else (no manage controls). */
  area: CourseArea | null;
  onOpen: OpenDialog;
}

export function MaterialsTab({ course, area, onOpen }: MaterialsTabProps) {
  if (course.materials.length === 0) {
    return (
      <EmptyState
        icon={FileText}
        title="No materials yet"
        description={area ? "Upload slides and handouts, or add links to reading for this course." : undefined}
        action={
          area && (
            <Button onClick={() => onOpen({ type: "create", kind: "material" })}>
              <Upload aria-hidden="true" />
              Upload Material
            </Button>
          )
        }
      />
    );
  }
  return (
    <ul aria-label="Materials" className="grid gap-3">
      {course.materials.map((material) => (
        <li key={material._id}>
          <MaterialRow
            material={material}
            actions={area && <MaterialActions area={area} courseId={course._id} material={material} />}
          />
        </li>
      ))}
    </ul>
  );
}

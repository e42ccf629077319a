import type { AssessmentType } from "@lms/contract";
import { catalogueLabels } from "./catalogue-labels";

export const TYPE_LABELS = catalogueLabels<AssessmentType>("assessmentTypes");

import type { LearningActivity, SessionType } from "@lms/contract";
import {
  BookOpenCheck,
  CircleQuestionMark,
  ClipboardList,
  FileQuestionMark,
  GraduationCap,
  type LucideIcon,
  MessagesSquare,
  Presentation,
  Video,
} from "lucide-react";

export const SESSION_TYPE_ICONS: Record<SessionType, LucideIcon> = {
  "live-class": Video,
  "office-hours": MessagesSquare,
  review: BookOpenCheck,
};

export const ACTIVITY_TYPE_ICONS: Record<LearningActivity["type"], LucideIcon> = {
  "live-class": Video,
  quiz: FileQuestionMark,
  assignment: ClipboardList,
  discussion: MessagesSquare,
  residency: GraduationCap,
  other: Presentation,
};

export const UNKNOWN_TYPE_ICON: LucideIcon = CircleQuestionMark;

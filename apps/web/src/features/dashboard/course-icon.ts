import { BarChart3, BookOpen, Code2, type LucideIcon, Megaphone, Palette } from "lucide-react";

/** The icon and colour of a course in the learner's lists, from its category. */
const BY_CATEGORY: Record<string, { icon: LucideIcon; color: string }> = {
  development: { icon: Code2, color: "bg-sky-500/15 text-sky-600 dark:text-sky-400" },
  "data science": { icon: BarChart3, color: "bg-violet-500/15 text-violet-600 dark:text-violet-400" },
  marketing: { icon: Megaphone, color: "bg-amber-500/15 text-amber-600 dark:text-amber-400" },
  design: { icon: Palette, color: "bg-pink-500/15 text-pink-600 dark:text-pink-400" },
};

const DEFAULT = { icon: BookOpen, color: "bg-primary/15 text-primary" };

export const courseIcon = (category: string | null) => BY_CATEGORY[category?.toLowerCase() ?? ""] ?? DEFAULT;

import type { LearnerToDo } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/datetime";
import { cn } from "@/lib/utils";
import { toDoPath, toDoTiming } from "./to-do";

function Timing({ todo }: { todo: LearnerToDo }) {
  const { t } = useTranslation("dashboard");
  const timing = toDoTiming(todo, Date.now());
  switch (timing.kind) {
    case "timeLeft":
      return (
        <span className="text-amber-700 dark:text-amber-300">{t("toDo.timeLeft", { count: timing.minutes })}</span>
      );
    case "overdue":
      return (
        <span className="text-destructive">
          {t("toDo.overdue")} <time dateTime={timing.dueDate}>{formatDateTime(timing.dueDate)}</time>
        </span>
      );
    case "due":
      return (
        <span>
          {t("toDo.due")} <time dateTime={timing.dueDate}>{formatDateTime(timing.dueDate)}</time>
        </span>
      );
    case "undated":
      return <span>{t("toDo.noDueDate")}</span>;
  }
}

/** The learner's to-dos: each links to where it is taken (an open attempt resumes there), with its state and time. */
export function ToDoList({ toDos, className }: { toDos: LearnerToDo[]; className?: string }) {
  const { t } = useTranslation("dashboard");
  return (
    <ul className={cn("grid gap-3", className)}>
      {toDos.map((todo) => (
        <li key={todo._id} className="grid gap-1 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link to={toDoPath(todo)} className="min-w-0 break-words font-medium hover:underline">
              {todo.state === "in_progress"
                ? t("toDo.resume", { title: todo.title })
                : t("toDo.start", { title: todo.title })}
            </Link>
            <Badge variant={todo.state === "in_progress" ? "default" : "outline"}>
              {todo.state === "in_progress" ? t("toDo.inProgress") : t("toDo.notStarted")}
            </Badge>
          </div>
          <p className="flex flex-wrap gap-x-1 text-muted-foreground text-xs">
            <span className="truncate">{todo.courseTitle}</span>
            <span aria-hidden="true">·</span>
            <Timing todo={todo} />
          </p>
        </li>
      ))}
    </ul>
  );
}

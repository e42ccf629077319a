import i18next from "i18next";
import type { ContentTarget } from "@/api/content";
import type { ContentDeleteTarget } from "../dialog-state";

interface DeleteCopy {
  title: string;
  description: string;
  confirm: string;
  /** Shown when the server sends no message of its own. */
  success: string;
  failure: string;
}

/** What the confirmation says, and the toasts after it, for each kind of content. */
export function deleteCopy(target: ContentDeleteTarget): DeleteCopy {
  const t = i18next.getFixedT(null, "course-detail");
  const noUndo = t("confirmDelete.noUndo");
  if (target.kind === "module") {
    const { title, lessons } = target.module;
    const files = lessons.reduce((sum, lesson) => sum + lesson.files.length, 0);
    const below =
      lessons.length === 0
        ? t("deleteContent.module.noLessons")
        : t("deleteContent.module.contents", {
            lessons: t("count.lessons", { count: lessons.length }),
            files: t("count.files", { count: files }),
          });
    return {
      title: t("deleteContent.module.title"),
      description: `${t("deleteContent.module.question", { title })} ${below} ${noUndo}`,
      confirm: t("deleteContent.module.title"),
      success: t("MESSAGES.moduleDeleted", { ns: "messages" }),
      failure: t("deleteContent.module.failed"),
    };
  }
  if (target.kind === "lesson") {
    const { title, files } = target.lesson;
    const below = files.length === 0 ? "" : ` ${t("deleteContent.lesson.files", { count: files.length })}`;
    return {
      title: t("deleteContent.lesson.title"),
      description: `${t("deleteContent.lesson.question", { title })}${below} ${noUndo}`,
      confirm: t("deleteContent.lesson.title"),
      success: t("MESSAGES.lessonDeleted", { ns: "messages" }),
      failure: t("deleteContent.lesson.failed"),
    };
  }
  return {
    title: t("deleteContent.file.title"),
    description: `${t("deleteContent.file.question", { name: target.file.name, lesson: target.lesson.title })} ${noUndo}`,
    confirm: t("deleteContent.file.title"),
    success: t("MESSAGES.fileDeleted", { ns: "messages" }),
    failure: t("deleteContent.file.failed"),
  };
}

/** The ids the api needs to delete the target. */
export function contentTarget(target: ContentDeleteTarget): ContentTarget {
  if (target.kind === "module") return { kind: "module", moduleId: target.module._id };
  if (target.kind === "lesson") return { kind: "lesson", moduleId: target.moduleId, lessonId: target.lesson._id };
  return { kind: "file", moduleId: target.moduleId, lessonId: target.lesson._id, fileId: target.file._id };
}

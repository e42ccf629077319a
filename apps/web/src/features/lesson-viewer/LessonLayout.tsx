import type { CourseDetail, Role } from "@lms/contract";
import { courseAreaFor } from "@/auth/roles";
import { PageTitle } from "@/components/PageMeta";
import { LessonContent } from "./LessonContent";
import { LessonSidebar } from "./LessonSidebar";
import { LessonTopBar } from "./LessonTopBar";
import type { LessonPlace } from "./lesson-order";

export function LessonLayout({ course, place, role }: { course: CourseDetail; place: LessonPlace; role: Role }) {
  const area = course.canManage ? courseAreaFor(role) : null;
  return (
    <div className="flex flex-1 flex-col">
      <PageTitle name={`${place.lesson.title} · ${course.title}`} />
      <LessonTopBar course={course} place={place} />
      <div className="mx-auto grid w-full max-w-[100rem] flex-1 gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[1fr_22rem]">
        <LessonContent course={course} place={place} area={area} tracksProgress={course.enrollment !== null} />
        <LessonSidebar course={course} currentLessonId={place.lesson._id} />
      </div>
    </div>
  );
}

import type { InstructorDashboardStats } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/**
 * The instructor dashboard's counters over the courses `instructorId` teaches (null: every course):
 * the same rules as its cards (upcoming = scheduled and not over; active = published).
 */
export async function dashboardStats(
  db: Db,
  instructorId: string | null,
  now: string,
): Promise<InstructorDashboardStats> {
  const courses = () => {
    const query = db.selectFrom("courses").select("courses.id");
    return instructorId ? query.where("courses.instructor_id", "=", instructorId) : query;
  };
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n);
  const [totalCourses, totalStudents, upcomingSessions, activeAssessments, courseMaterials, needsGrading] =
    await Promise.all([
      count(
        courses()
          .clearSelect()
          .select((eb) => eb.fn.countAll().as("n")),
      ),
      count(
        db
          .selectFrom("enrollments")
          .select((eb) => eb.fn.count("user_id").distinct().as("n"))
          .where("course_id", "in", courses()),
      ),
      count(
        db
          .selectFrom("sessions")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("course_id", "in", courses())
          .where("status", "=", "scheduled")
          .where("ends_at", ">", now),
      ),
      count(
        db
          .selectFrom("assessments")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("course_id", "in", courses())
          .where("published", "=", 1),
      ),
      count(
        db
          .selectFrom("materials")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("course_id", "in", courses()),
      ),
      count(
        db
          .selectFrom("assessment_attempts as t")
          .innerJoin("assessments as a", "a.id", "t.assessment_id")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("a.course_id", "in", courses())
          .where("t.state", "=", "submitted"),
      ),
    ]);
  return { upcomingSessions, activeAssessments, courseMaterials, totalCourses, totalStudents, needsGrading };
}

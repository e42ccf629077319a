import type { Kysely } from "kysely";
import { hashPassword } from "../auth/passwords.js";
import { newId, nowIso } from "../db/ids.js";
import type { CoursesTable, Database, EnrollmentsTable } from "../db/types.js";
import { countInRollups } from "../modules/platform/rollups.js";
import type { UserRow } from "../modules/users/repo.js";
import type { Storage } from "../storage/storage.js";
import { buildDemoContent, demoProgress } from "./demo-content.js";

/** The demo accounts shown on the login page (ARCHITECTURE §3). */
export const DEMO_ACCOUNTS = [
  { name: "Super Admin", email: "superadmin@example.com", password: "Super123!", role: "super_admin" },
  { name: "Ada Admin", email: "admin@example.com", password: "Admin123!", role: "admin" },
  { name: "Ivan Instructor", email: "instructor@example.com", password: "Instructor123!", role: "instructor" },
  { name: "Lena Learner", email: "learner@example.com", password: "Learner123!", role: "learner" },
] as const;

const EXTRA_INSTRUCTORS = ["Maria Garcia", "Kenji Tanaka", "Priya Sharma"];
const EXTRA_LEARNERS = [
  "Noah Smith",
  "Emma Johnson",
  "Liam Brown",
  "Olivia Davis",
  "Mateo Rossi",
  "Aisha Khan",
  "Lucas Martin",
  "Sofia Muller",
  "Arjun Patel",
  "Chloe Dubois",
  "Yuki Sato",
  "Ethan Wilson",
];
const CATEGORIES = ["Development", "Data Science", "Marketing", "Design"];

interface SampleCourse {
  title: string;
  code: string;
  category: string;
  instructor: number;
  short: string;
  description: string;
  price: number;
  difficulty: "beginner" | "intermediate" | "advanced";
  hours: number;
  thumbnail: string;
  tags: string[];
}

const COURSES: SampleCourse[] = [
  {
    title: "Modern JavaScript from Zero",
    code: "DEV-101",
    category: "Development",
    instructor: 0,
    short: "Learn the language of the web step by step, from variables to async code.",
    description:
      "A hands-on introduction to JavaScript: values, functions, objects, modules, promises and the DOM, with a small project in every module.",
    price: 0,
    difficulty: "beginner",
    hours: 12,
    thumbnail: "/thumbnails/javascript.svg",
    tags: ["javascript", "web"],
  },
  {
    title: "Full-Stack TypeScript with React and Node",
    code: "DEV-201",
    category: "Development",
    instructor: 1,
    short: "Build and ship a typed web application end to end with React, Node and PostgreSQL.",
    description:
      "Design a REST api with Fastify, share types with a React front end, write tests and deploy. For developers who know some JavaScript.",
    price: 120,
    difficulty: "intermediate",
    hours: 24,
    thumbnail: "/thumbnails/typescript.svg",
    tags: ["typescript", "react", "node"],
  },
  {
    title: "Python for Data Analysis",
    code: "DS-101",
    category: "Data Science",
    instructor: 2,
    short: "Clean, explore and visualise real data sets with Python, pandas and notebooks.",
    description:
      "From loading CSV files to grouped statistics and charts: a practical course on the everyday work of a data analyst.",
    price: 80,
    difficulty: "beginner",
    hours: 16,
    thumbnail: "/thumbnails/python.svg",
    tags: ["python", "pandas"],
  },
  {
    title: "Machine Learning Foundations",
    code: "DS-210",
    category: "Data Science",
    instructor: 2,
    short: "Understand and train the classic machine-learning models and judge them honestly.",
    description:
      "Regression, classification, trees, ensembles and evaluation, with the maths explained visually and exercises on real data.",
    price: 150,
    difficulty: "advanced",
    hours: 30,
    thumbnail: "/thumbnails/ml.svg",
    tags: ["machine learning", "statistics"],
  },
  {
    title: "Digital Marketing Essentials",
    code: "MKT-101",
    category: "Marketing",
    instructor: 3,
    short: "Plan campaigns across search, social and e-mail, and measure what actually works.",
    description:
      "Audience research, positioning, channels, budgets and analytics: a complete first course for marketers and founders.",
    price: 60,
    difficulty: "beginner",
    hours: 10,
    thumbnail: "/thumbnails/marketing.svg",
    tags: ["marketing", "analytics"],
  },
  {
    title: "Content Strategy and SEO",
    code: "MKT-220",
    category: "Marketing",
    instructor: 3,
    short: "Write content people search for and build a plan that grows organic traffic.",
    description:
      "Keyword research, information architecture, on-page SEO and editorial calendars, with reviews of real sites.",
    price: 90,
    difficulty: "intermediate",
    hours: 14,
    thumbnail: "/thumbnails/seo.svg",
    tags: ["seo", "content"],
  },
  {
    title: "UI Design Fundamentals",
    code: "DES-101",
    category: "Design",
    instructor: 1,
    short: "Layout, colour, typography and components: design clear interfaces with confidence.",
    description:
      "The principles behind good interfaces and how to apply them in Figma, from wireframes to a small design system.",
    price: 0,
    difficulty: "beginner",
    hours: 8,
    thumbnail: "/thumbnails/ui.svg",
    tags: ["ui", "figma"],
  },
  {
    title: "UX Research in Practice",
    code: "DES-230",
    category: "Design",
    instructor: 0,
    short: "Plan interviews and usability tests and turn what you learn into product decisions.",
    description:
      "Research planning, recruiting, interviewing, usability testing and synthesis, with templates you can reuse at work.",
    price: 70,
    difficulty: "intermediate",
    hours: 9,
    thumbnail: "/thumbnails/ux.svg",
    tags: ["ux", "research"],
  },
  {
    title: "SQL and Relational Databases",
    code: "DEV-150",
    category: "Development",
    instructor: 0,
    short: "Model data and write the queries every application and analyst depends on.",
    description:
      "Tables, keys, joins, aggregates, indexes and transactions on PostgreSQL and SQLite, with exercises on a realistic schema.",
    price: 40,
    difficulty: "beginner",
    hours: 11,
    thumbnail: "/thumbnails/sql.svg",
    tags: ["sql", "databases"],
  },
];

/** The demo learner starts in this many courses, and can enroll in the others from the catalogue. */
const DEMO_LEARNER_COURSES = 3;

/**
 * Fills an empty database with the demo accounts, categories, courses with content and real
 * files (written to `storage`), enrollments and the progress behind them.
 */
export async function seedDemoData(db: Kysely<Database>, storage: Storage): Promise<boolean> {
  const existing = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (existing) return false;

  const now = nowIso();
  const user = async (name: string, email: string, password: string, role: string): Promise<UserRow> => ({
    id: newId(),
    name,
    email,
    password_hash: await hashPassword(password),
    role,
    status: "active",
    credits: role === "learner" ? 500 : 0,
    email_verified: 1,
    last_login: null,
    bio: null,
    location: null,
    phone: null,
    website: null,
    avatar: null,
    sessions_valid_after: null,
    created_at: now,
    updated_at: now,
  });

  const demo = await Promise.all(DEMO_ACCOUNTS.map((a) => user(a.name, a.email, a.password, a.role)));
  const slug = (name: string) => name.toLowerCase().replace(/[^a-z]+/g, ".");
  const instructors = [
    demo[2],
    ...(await Promise.all(
      EXTRA_INSTRUCTORS.map((n) => user(n, `${slug(n)}@example.com`, "Instructor123!", "instructor")),
    )),
  ];
  const learners = [
    demo[3],
    ...(await Promise.all(EXTRA_LEARNERS.map((n) => user(n, `${slug(n)}@example.com`, "Learner123!", "learner")))),
  ];
  const categories = CATEGORIES.map((name) => ({ id: newId(), name, created_at: now }));

  const courses: CoursesTable[] = COURSES.map((c) => ({
    id: newId(),
    title: c.title,
    course_code: c.code,
    description: c.description,
    short_description: c.short,
    category_id: categories.find((cat) => cat.name === c.category)?.id ?? null,
    instructor_id: instructors[c.instructor].id,
    price_credits: c.price,
    difficulty: c.difficulty,
    duration: c.hours * 60,
    language: "en",
    tags: JSON.stringify(c.tags),
    requirements: JSON.stringify([
      "A computer with a modern web browser",
      `About ${Math.ceil(c.hours / 4)} hours a week`,
    ]),
    learning_outcomes: JSON.stringify([`Explain the core ideas of ${c.title}`, "Complete a small project on your own"]),
    thumbnail: c.thumbnail,
    published: 1,
    enrollment_count: 0,
    completion_count: 0,
    completion_requires_assessments: 1,
    rating_count: 0,
    rating_sum: 0,
    created_at: now,
    updated_at: now,
  }));

  const contents = await Promise.all(
    courses.map((course, ci) =>
      buildDemoContent(
        storage,
        { id: course.id, title: course.title, instructor_id: course.instructor_id, tags: JSON.parse(course.tags) },
        ci,
        now,
      ),
    ),
  );

  // A deterministic spread of enrollments: earlier courses are more popular; some are completed and rated.
  const enrollments: EnrollmentsTable[] = courses.flatMap((course, ci) =>
    learners
      .slice(0, Math.max(2, learners.length - ci))
      .filter((_, li) => li > 0 || ci < DEMO_LEARNER_COURSES)
      .map((learner, li) => {
        const completed = (li + ci) % 3 === 0;
        const rating = (li + ci) % 2 === 0 ? 3 + ((li + ci) % 3) : null;
        course.enrollment_count += 1;
        if (completed) course.completion_count += 1;
        if (rating) {
          course.rating_count += 1;
          course.rating_sum += rating;
        }
        return {
          id: newId(),
          user_id: learner.id,
          course_id: course.id,
          status: completed ? "completed" : "active",
          progress: completed ? 100 : ((li * 17 + ci * 11) % 90) + 5,
          rating,
          enrolled_at: now,
          completed_at: completed ? now : null,
          last_accessed_at: null,
          last_lesson_id: null,
        };
      }),
  );
  const progressRows = enrollments.flatMap((enrollment) => {
    const seeded = demoProgress(enrollment, contents[courses.findIndex((c) => c.id === enrollment.course_id)], now);
    enrollment.progress = seeded.progress;
    enrollment.last_lesson_id = seeded.lastLessonId;
    enrollment.last_accessed_at = seeded.lastAccessedAt;
    return seeded.rows;
  });

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("users")
      .values([...demo.slice(0, 2), ...instructors, ...learners])
      .execute();
    await trx.insertInto("categories").values(categories).execute();
    await trx.insertInto("courses").values(courses).execute();
    await trx.insertInto("enrollments").values(enrollments).execute();
    await countInRollups(
      trx,
      "users",
      [...demo.slice(0, 2), ...instructors, ...learners].map((u) => ({ at: u.created_at })),
    );
    await countInRollups(
      trx,
      "enrollments",
      enrollments.map((e) => ({ at: e.enrolled_at })),
    );
    await trx
      .insertInto("modules")
      .values(contents.flatMap((c) => c.modules))
      .execute();
    await trx
      .insertInto("lessons")
      .values(contents.flatMap((c) => c.lessons))
      .execute();
    await trx
      .insertInto("lesson_files")
      .values(contents.flatMap((c) => c.files))
      .execute();
    await trx
      .insertInto("materials")
      .values(contents.flatMap((c) => c.materials))
      .execute();
    await trx
      .insertInto("announcements")
      .values(contents.flatMap((c) => c.announcements))
      .execute();
    for (let i = 0; i < progressRows.length; i += 500) {
      await trx
        .insertInto("lesson_progress")
        .values(progressRows.slice(i, i + 500))
        .execute();
    }
  });
  return true;
}

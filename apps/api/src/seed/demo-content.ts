import { Readable } from "node:stream";
import { newId } from "../db/ids.js";
import type {
  AnnouncementsTable,
  EnrollmentsTable,
  LessonFilesTable,
  LessonProgressTable,
  LessonsTable,
  MaterialsTable,
  ModulesTable,
} from "../db/types.js";
import type { Storage } from "../storage/storage.js";
import { samplePdf, samplePng, sampleVideo } from "./sample-files.js";

/** Modules, lessons with real files, materials and an announcement for one demo course. */
export interface DemoContent {
  modules: ModulesTable[];
  lessons: LessonsTable[];
  files: LessonFilesTable[];
  materials: MaterialsTable[];
  announcements: AnnouncementsTable[];
}

interface DemoCourse {
  id: string;
  title: string;
  instructor_id: string | null;
  tags: string[];
}

type SampleFile = { name: string; mime: string; content: () => Buffer };

const PALETTES: [number, number, number][] = [
  [37, 99, 235],
  [16, 185, 129],
  [234, 88, 12],
  [147, 51, 234],
];

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function outline(course: DemoCourse, colour: [number, number, number]) {
  const topic = capitalise(course.tags[0] ?? "Core");
  const pdf = (name: string, title: string, lines: string[][]): SampleFile => ({
    name,
    mime: "application/pdf",
    content: () => samplePdf(title, lines),
  });
  const png = (name: string): SampleFile => ({
    name,
    mime: "image/png",
    content: () => samplePng(colour, [250, 250, 250]),
  });
  const video: SampleFile = { name: "welcome.mp4", mime: "video/mp4", content: sampleVideo };
  return [
    {
      title: "Getting started",
      description: "What the course covers and how to follow it.",
      lessons: [
        {
          title: `Welcome to ${course.title}`,
          files: [
            video,
            pdf("course-guide.pdf", "Course guide", [
              [
                `Welcome to ${course.title}.`,
                "Each module has short lessons with videos and notes.",
                "Work through them in order.",
              ],
              ["Ask questions in the live sessions.", "Keep notes per lesson in the viewer.", "Have fun!"],
            ]),
          ],
        },
        { title: "How this course works", files: [png("course-map.png")] },
      ],
    },
    {
      title: "Core concepts",
      description: `The ideas behind ${topic.toLowerCase()} that everything else builds on.`,
      lessons: [
        {
          title: `${topic} fundamentals`,
          files: [
            pdf("fundamentals.pdf", `${topic} fundamentals`, [
              ["Key terms", "Why they matter", "A first example"],
              ["Common mistakes", "How to avoid them"],
              ["Summary", "Try the exercise at the end of the module."],
            ]),
          ],
        },
        {
          title: "Worked example",
          files: [
            png("worked-example.png"),
            pdf("worked-example.pdf", "Worked example", [
              ["Step 1: understand the problem", "Step 2: plan", "Step 3: do it"],
            ]),
          ],
        },
      ],
    },
    {
      title: "Putting it together",
      description: "A small project that uses what you learned.",
      lessons: [
        {
          title: "Project brief",
          files: [
            pdf("project-brief.pdf", "Project brief", [
              ["Build something small but complete.", "Share it with the class."],
            ]),
          ],
        },
        {
          title: "Next steps",
          draft: true,
          files: [pdf("next-steps.pdf", "Next steps", [["Where to go from here."]])],
        },
      ],
    },
  ];
}

async function store(storage: Storage, prefix: string, content: Buffer) {
  return storage.put(Readable.from([content]), { prefix, maxBytes: content.length });
}

export async function buildDemoContent(
  storage: Storage,
  course: DemoCourse,
  index: number,
  now: string,
): Promise<DemoContent> {
  const content: DemoContent = { modules: [], lessons: [], files: [], materials: [], announcements: [] };
  const colour = PALETTES[index % PALETTES.length];
  for (const [m, module] of outline(course, colour).entries()) {
    const moduleId = newId();
    content.modules.push({
      id: moduleId,
      course_id: course.id,
      title: module.title,
      description: module.description,
      sort_order: m + 1,
      created_at: now,
      updated_at: now,
    });
    for (const [l, lesson] of module.lessons.entries()) {
      const lessonId = newId();
      content.lessons.push({
        id: lessonId,
        course_id: course.id,
        module_id: moduleId,
        title: lesson.title,
        description: `${lesson.title}: part ${l + 1} of "${module.title}".`,
        body: "",
        sort_order: l + 1,
        is_published: "draft" in lesson ? 0 : 1,
        created_at: now,
        updated_at: now,
      });
      for (const file of lesson.files) {
        const stored = await store(storage, "lessons", file.content());
        content.files.push({
          id: newId(),
          course_id: course.id,
          lesson_id: lessonId,
          storage_key: stored.key,
          name: file.name,
          mime: file.mime,
          kind: file.mime.startsWith("video/") ? "video" : "resource",
          size: stored.size,
          created_at: now,
        });
      }
    }
  }
  const handbook = samplePdf(`${course.title}: handbook`, [["Schedule", "Assessment", "Support"]]);
  const stored = await store(storage, "materials", handbook);
  const material = {
    course_id: course.id,
    downloads: 0,
    uploaded_by: course.instructor_id,
    created_at: now,
    updated_at: now,
  };
  content.materials.push(
    {
      ...material,
      id: newId(),
      title: "Course handbook",
      description: "Schedule, assessment and where to get help.",
      type: "pdf",
      storage_key: stored.key,
      url: null,
      file_name: "handbook.pdf",
      mime: "application/pdf",
      size: stored.size,
    },
    {
      ...material,
      id: newId(),
      title: "Further reading",
      description: "A good place to look things up.",
      type: "link",
      storage_key: null,
      url: `https://en.wikipedia.org/wiki/Special:Search?search=${encodeURIComponent(course.tags[0] ?? course.title)}`,
      file_name: null,
      mime: null,
      size: null,
    },
  );
  content.announcements.push({
    id: newId(),
    course_id: course.id,
    author_id: course.instructor_id,
    title: "Welcome to the course!",
    description: "Start with the first module.",
    content: "Watch the welcome video, read the course guide, and bring your questions to the first live session.",
    created_at: now,
    updated_at: now,
  });
  return content;
}

/**
 * Real progress records behind a demo enrollment's percentage: the first files of the course in
 * order count as done (all of them for a completed enrollment, never all for an active one).
 */
export function demoProgress(enrollment: EnrollmentsTable, content: DemoContent, now: string) {
  const published = new Set(content.lessons.filter((l) => l.is_published).map((l) => l.id));
  const files = content.files.filter((f) => published.has(f.lesson_id));
  const total = files.length;
  const wanted = Math.round((enrollment.progress * total) / 100);
  const done = enrollment.status === "completed" ? total : Math.min(wanted, total - 1);
  const rows: LessonProgressTable[] = files.slice(0, done).map((file) => ({
    id: newId(),
    user_id: enrollment.user_id,
    course_id: enrollment.course_id,
    lesson_id: file.lesson_id,
    file_id: file.id,
    position: file.kind === "video" ? 8 : 0,
    duration: file.kind === "video" ? 8 : 0,
    completed: 1,
    viewed_at: now,
    completed_at: now,
  }));
  const last = rows.at(-1);
  return {
    rows,
    progress: total === 0 ? 0 : Math.round((100 * done) / total),
    lastLessonId: last?.lesson_id ?? null,
    lastAccessedAt: last ? now : null,
  };
}

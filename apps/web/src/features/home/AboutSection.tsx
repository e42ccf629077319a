import { BookOpenCheck, Presentation, ShieldCheck } from "lucide-react";

const AUDIENCES = [
  {
    icon: BookOpenCheck,
    title: "For learners",
    text: "Enrol in courses, follow lessons, join live sessions, watch recordings and keep notes as you go.",
  },
  {
    icon: Presentation,
    title: "For instructors",
    text: "Build courses with modules and lessons, run live classes, share materials and follow your students.",
  },
  {
    icon: ShieldCheck,
    title: "For administrators",
    text: "Manage users, courses and enrollments, and keep an eye on platform activity and statistics.",
  },
];

export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-title" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:items-start">
        <div>
          <h2 id="about-title" className="font-bold text-3xl tracking-tight">
            About LearnHub
          </h2>
          <p className="mt-3 text-muted-foreground">
            An open-source learning platform for online courses with live sessions, built for everyone who takes part in
            learning.
          </p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-3">
          {AUDIENCES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-5">
              <Icon aria-hidden="true" className="size-6 text-primary" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { Award, CalendarClock, InfinityIcon, MessagesSquare, MonitorPlay, Video } from "lucide-react";

const FEATURES = [
  {
    icon: MonitorPlay,
    title: "HD video lessons",
    text: "Crisp, seekable video for every lesson, on any screen.",
  },
  {
    icon: Video,
    title: "Live sessions",
    text: "Join live classes and office hours through the integrated video-meeting tool.",
  },
  {
    icon: Award,
    title: "Certificates",
    text: "Earn a certificate when you complete a course and share your achievement.",
  },
  {
    icon: CalendarClock,
    title: "Smart scheduling",
    text: "Sessions land in your calendar automatically, with calendar sync and reminders.",
  },
  {
    icon: MessagesSquare,
    title: "Discussion forums",
    text: "Every course has its own forum to ask questions and learn together.",
  },
  {
    icon: InfinityIcon,
    title: "Self-paced learning",
    text: "Learn on your schedule with lifetime access to your courses.",
  },
];

export function FeatureGrid() {
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-title" className="font-bold text-3xl tracking-tight">
          Everything you need to learn and teach
        </h2>
        <p className="mt-3 text-muted-foreground">One platform for courses, live classes and progress tracking.</p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border bg-card p-6 shadow-xs transition-shadow hover:shadow-md">
            <span className="inline-flex rounded-lg bg-primary/10 p-2.5 text-primary">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-4 font-semibold text-lg">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

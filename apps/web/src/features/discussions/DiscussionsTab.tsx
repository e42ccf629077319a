import { useSearchParams } from "react-router";
import { ThreadList } from "./ThreadList";
import { ThreadView } from "./ThreadView";

/** The course's forum: the thread list, or the thread a link or a click opened (`?thread=`). */
export function DiscussionsTab({ courseId }: { courseId: string }) {
  const [params, setParams] = useSearchParams();
  const threadId = params.get("thread");
  const open = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set("tab", "discussions");
      if (id) next.set("thread", id);
      else next.delete("thread");
      return next;
    });
  return threadId ? (
    <ThreadView courseId={courseId} threadId={threadId} onBack={() => open(null)} />
  ) : (
    <ThreadList courseId={courseId} onOpen={open} />
  );
}

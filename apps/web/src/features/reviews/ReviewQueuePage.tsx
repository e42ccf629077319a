import type { ReviewQueueItem } from "@lms/contract";
import { ClipboardCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useReviewQueue } from "@/api/course-review";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageTitle } from "@/components/PageMeta";
import { Pagination } from "@/components/Pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { ReviewQueueRow } from "./ReviewQueueRow";
import { SendBackDialog } from "./SendBackDialog";

const PAGE_SIZE = 10;

/** /admin/reviews: courses their instructors submitted, oldest first, to publish or send back (issue 9). */
export function ReviewQueuePage() {
  const { t } = useTranslation("reviews");
  const [page, setPage] = useState(1);
  const [sendingBack, setSendingBack] = useState<ReviewQueueItem | null>(null);
  const queue = useReviewQueue(page, PAGE_SIZE);
  const data = queue.data;

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("page.title")} />
      <header className="grid gap-1">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
        <p className="text-muted-foreground">{t("page.subtitle")}</p>
      </header>
      {queue.isError && !data ? (
        <ErrorState title={t("page.loadFailed")} onRetry={() => void queue.refetch()} />
      ) : !data ? (
        <div role="status" aria-label={t("page.loading")} className="grid gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : data.courses.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title={t("page.empty")} description={t("page.emptyHint")} />
      ) : (
        <>
          <ul
            aria-label={t("page.listLabel")}
            aria-busy={queue.isPlaceholderData}
            className={cn("grid gap-3", queue.isPlaceholderData && "opacity-60")}
          >
            {data.courses.map((course) => (
              <ReviewQueueRow key={course._id} course={course} onSendBack={() => setSendingBack(course)} />
            ))}
          </ul>
          <Pagination page={page} pages={data.pagination.pages} onPage={setPage} label={t("page.pages")} />
        </>
      )}
      {sendingBack && <SendBackDialog course={sendingBack} onClose={() => setSendingBack(null)} />}
    </div>
  );
}

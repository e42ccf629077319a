import type { CourseDetail, Role } from "@lms/contract";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { courseAreaFor, isAdmin } from "@/auth/roles";
import { PageTitle } from "@/components/PageMeta";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DiscussionsTabLabel } from "@/features/discussions/DiscussionsTabLabel";
import { CompletionChecklist } from "./CompletionChecklist";
import { CourseCertificate } from "./CourseCertificate";
import { CourseDialogs } from "./CourseDialogs";
import { CourseHeader } from "./CourseHeader";
import { ContentTab } from "./content/ContentTab";
import type { CourseDialog } from "./dialog-state";
import { LearnerProgress } from "./LearnerProgress";
import { MaterialsTab } from "./materials/MaterialsTab";
import { NextLessonButton } from "./NextLessonButton";
import { OverviewTab } from "./overview/OverviewTab";
import { useRememberedTab } from "./useRememberedTab";

const CourseSessionsPanel = lazy(() => import("@/features/sessions/CourseSessionsPanel"));
const BatchTab = lazy(() => import("./batch/BatchTab").then((m) => ({ default: m.BatchTab })));
const SettingsTab = lazy(() => import("./settings/SettingsTab").then((m) => ({ default: m.SettingsTab })));
const InstructorSettingsTab = lazy(() =>
  import("./settings/InstructorSettingsTab").then((m) => ({ default: m.InstructorSettingsTab })),
);
const AssessmentsTab = lazy(() => import("./assessments/AssessmentsTab").then((m) => ({ default: m.AssessmentsTab })));
const ManagedAssessmentsTab = lazy(() =>
  import("./assessments/ManagedAssessmentsTab").then((m) => ({ default: m.ManagedAssessmentsTab })),
);
const CourseAnalyticsTab = lazy(() =>
  import("@/features/course-analytics").then((m) => ({ default: m.CourseAnalyticsTab })),
);
const GradebookTab = lazy(() => import("./gradebook/GradebookTab").then((m) => ({ default: m.GradebookTab })));
const CreditsTab = lazy(() => import("./credits/CreditsTab").then((m) => ({ default: m.CreditsTab })));
const DiscussionsTab = lazy(() => import("@/features/discussions").then((m) => ({ default: m.DiscussionsTab })));
const ReviewBanner = lazy(() => import("./review/ReviewBanner").then((m) => ({ default: m.ReviewBanner })));

const BASE_TABS = ["overview", "content", "materials", "sessions"] as const;
/**
 * Enrolled learners and the course's managers also get its assessments and gradebook (issue 10), after
 * Materials, and its discussions (issue 23).
 */
const ASSESSMENT_TABS = [
  "overview",
  "content",
  "materials",
  "assessments",
  "gradebook",
  "sessions",
  "discussions",
] as const;
const ADMIN_TABS = [...ASSESSMENT_TABS, "analytics", "batch", "settings", "credits"] as const;
/** The course's own instructor edits its information and publishes or submits it (issue 9). */
const INSTRUCTOR_TABS = [...ASSESSMENT_TABS, "analytics", "settings", "credits"] as const;
export type CourseTab = (typeof ADMIN_TABS)[number];

function TabFallback() {
  const { t } = useTranslation("course-detail");
  return (
    <div className="flex justify-center py-12 text-muted-foreground">
      <Spinner className="size-6" label={t("tabs.loading")} />
    </div>
  );
}

export function CourseDetailView({ course, role }: { course: CourseDetail; role: Role }) {
  const { t } = useTranslation("course-detail");
  const admin = isAdmin(role);
  const area = course.canManage ? courseAreaFor(role) : null;
  const teaches = area === "/instructor";
  const learner = course.enrollment !== null;
  const tabs: readonly CourseTab[] = admin
    ? ADMIN_TABS
    : teaches
      ? INSTRUCTOR_TABS
      : learner
        ? ASSESSMENT_TABS
        : BASE_TABS;
  const [tab, setTab] = useRememberedTab(course._id, tabs);
  const [dialog, setDialog] = useState<CourseDialog>(null);
  const [addedModule, setAddedModule] = useState<string | null>(null);
  // A module added from any tab is shown where modules are: open, on the Content tab.
  const showAddedModule = (moduleId: string) => {
    setAddedModule(moduleId);
    setTab("content");
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={course.title} />
      <CourseHeader course={course} tab={tab} showStatus={admin} canManage={area !== null} onOpen={setDialog} />
      {course.progress && (
        <LearnerProgress
          progress={course.progress}
          action={<NextLessonButton course={course} progress={course.progress} />}
        />
      )}
      {course.enrollment?.status === "completed" && <CourseCertificate courseId={course._id} />}
      {course.progress && <CompletionChecklist course={course} progress={course.progress} />}
      {teaches && tab !== "settings" && (
        <Suspense fallback={null}>
          <ReviewBanner courseId={course._id} onEdit={() => setTab("settings")} />
        </Suspense>
      )}
      <Tabs value={tab} onValueChange={setTab} className="grid gap-6">
        <NativeSelect
          aria-label={t("tabs.label")}
          value={tab}
          onChange={(event) => setTab(event.target.value)}
          className="sm:hidden"
          data-testid="course-tab-select"
        >
          {tabs.map((value) => (
            <option key={value} value={value}>
              {t(`tabs.${value}`)}
            </option>
          ))}
        </NativeSelect>
        {/* Below sm the select above stands for the tabs; from sm up they wrap rather than scroll out of sight. */}
        <TabsList aria-label={t("tabs.label")} className="hidden flex-wrap justify-self-start sm:inline-flex">
          {tabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {value === "discussions" ? (
                <DiscussionsTabLabel courseId={course._id} label={t("tabs.discussions")} />
              ) : (
                t(`tabs.${value}`)
              )}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab course={course} admin={admin} area={area} onOpen={setDialog} />
        </TabsContent>
        <TabsContent value="content">
          <ContentTab course={course} area={area} onOpen={setDialog} revealedModuleId={addedModule} />
        </TabsContent>
        <TabsContent value="materials">
          <MaterialsTab course={course} area={area} onOpen={setDialog} />
        </TabsContent>
        {(learner || area) && (
          <TabsContent value="assessments">
            <Suspense fallback={<TabFallback />}>
              {area ? <ManagedAssessmentsTab courseId={course._id} /> : <AssessmentsTab courseId={course._id} />}
            </Suspense>
          </TabsContent>
        )}
        {(learner || area) && (
          <TabsContent value="gradebook">
            <Suspense fallback={<TabFallback />}>
              <GradebookTab course={course} manages={area !== null} />
            </Suspense>
          </TabsContent>
        )}
        <TabsContent value="sessions">
          <Suspense fallback={<TabFallback />}>
            <CourseSessionsPanel courseId={course._id} canManage={course.canManage} />
          </Suspense>
        </TabsContent>
        {(learner || area) && (
          <TabsContent value="discussions">
            <Suspense fallback={<TabFallback />}>
              <DiscussionsTab courseId={course._id} />
            </Suspense>
          </TabsContent>
        )}
        {area && (
          <TabsContent value="analytics">
            <Suspense fallback={<TabFallback />}>
              <CourseAnalyticsTab courseId={course._id} courseCode={course.courseCode} />
            </Suspense>
          </TabsContent>
        )}
        {admin && (
          <>
            <TabsContent value="batch">
              <Suspense fallback={<TabFallback />}>
                <BatchTab courseId={course._id} />
              </Suspense>
            </TabsContent>
            <TabsContent value="settings">
              <Suspense fallback={<TabFallback />}>
                <SettingsTab course={course} />
              </Suspense>
            </TabsContent>
          </>
        )}
        {area && (
          <TabsContent value="credits">
            <Suspense fallback={<TabFallback />}>
              <CreditsTab courseId={course._id} />
            </Suspense>
          </TabsContent>
        )}
        {teaches && (
          <TabsContent value="settings">
            <Suspense fallback={<TabFallback />}>
              <InstructorSettingsTab course={course} />
            </Suspense>
          </TabsContent>
        )}
      </Tabs>
      {area && (
        <CourseDialogs
          course={course}
          area={area}
          dialog={dialog}
          onOpen={setDialog}
          onModuleCreated={showAddedModule}
        />
      )}
    </div>
  );
}

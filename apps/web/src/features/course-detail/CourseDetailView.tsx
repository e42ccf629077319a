import type { CourseDetail, Role } from "@lms/contract";
import { lazy, Suspense, useState } from "react";
import { courseAreaFor, isAdmin } from "@/auth/roles";
import { SITE_NAME } from "@/components/Brand";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CourseDialogs } from "./CourseDialogs";
import { CourseHeader } from "./CourseHeader";
import { ContentTab } from "./content/ContentTab";
import type { CourseDialog } from "./dialog-state";
import { LearnerProgress } from "./LearnerProgress";
import { MaterialsTab } from "./materials/MaterialsTab";
import { OverviewTab } from "./overview/OverviewTab";
import { useRememberedTab } from "./useRememberedTab";

const CourseSessionsPanel = lazy(() => import("@/features/sessions/CourseSessionsPanel"));
const BatchTab = lazy(() => import("./batch/BatchTab").then((m) => ({ default: m.BatchTab })));
const SettingsTab = lazy(() => import("./settings/SettingsTab").then((m) => ({ default: m.SettingsTab })));

const BASE_TABS = ["overview", "content", "materials", "sessions"] as const;
const ADMIN_TABS = [...BASE_TABS, "batch", "settings"] as const;
export type CourseTab = (typeof ADMIN_TABS)[number];

const TAB_LABELS: Record<CourseTab, string> = {
  overview: "Overview",
  content: "Content",
  materials: "Materials",
  sessions: "Sessions",
  batch: "Batch",
  settings: "Settings",
};

const tabFallback = (
  <div className="flex justify-center py-12 text-muted-foreground">
    <Spinner className="size-6" label="Loading" />
  </div>
);

export function CourseDetailView({ course, role }: { course: CourseDetail; role: Role }) {
  const admin = isAdmin(role);
  const area = course.canManage ? courseAreaFor(role) : null;
  const tabs: readonly CourseTab[] = admin ? ADMIN_TABS : BASE_TABS;
  const [tab, setTab] = useRememberedTab(course._id, tabs);
  const [dialog, setDialog] = useState<CourseDialog>(null);

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-8 sm:px-6">
      <title>{`${course.title} · ${SITE_NAME}`}</title>
      <CourseHeader course={course} tab={tab} showStatus={admin} canManage={area !== null} onOpen={setDialog} />
      {course.progress && <LearnerProgress progress={course.progress} />}
      <Tabs value={tab} onValueChange={setTab} className="grid gap-6">
        <TabsList aria-label="Course sections" className="justify-self-start">
          {tabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {TAB_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab course={course} admin={admin} area={area} onOpen={setDialog} />
        </TabsContent>
        <TabsContent value="content">
          <ContentTab course={course} area={area} onOpen={setDialog} />
        </TabsContent>
        <TabsContent value="materials">
          <MaterialsTab course={course} area={area} onOpen={setDialog} />
        </TabsContent>
        <TabsContent value="sessions">
          <Suspense fallback={tabFallback}>
            <CourseSessionsPanel courseId={course._id} canManage={course.canManage} />
          </Suspense>
        </TabsContent>
        {admin && (
          <>
            <TabsContent value="batch">
              <Suspense fallback={tabFallback}>
                <BatchTab courseId={course._id} />
              </Suspense>
            </TabsContent>
            <TabsContent value="settings">
              <Suspense fallback={tabFallback}>
                <SettingsTab course={course} />
              </Suspense>
            </TabsContent>
          </>
        )}
      </Tabs>
      {area && <CourseDialogs course={course} area={area} dialog={dialog} onOpen={setDialog} />}
    </div>
  );
}

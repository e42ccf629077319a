import { lazy } from "react";
import { type RouteObject, useRoutes } from "react-router";
import { RootLayout } from "./app/RootLayout";
import { RequireAuth, RoleGate } from "./auth/guards";
import { ADMIN_ROLES, homePathFor, INSTRUCTOR_DASHBOARD_ROLES } from "./auth/roles";

const HomePage = lazy(() => import("./features/home/HomePage").then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() => import("./features/auth/LoginPage").then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import("./features/auth/RegisterPage").then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() =>
  import("./features/auth/ForgotPasswordPage").then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import("./features/auth/ResetPasswordPage").then((m) => ({ default: m.ResetPasswordPage })),
);
const LearnerDashboard = lazy(() =>
  import("./features/dashboard/LearnerDashboard").then((m) => ({ default: m.LearnerDashboard })),
);
const InstructorDashboard = lazy(() =>
  import("./features/dashboard/InstructorDashboard").then((m) => ({ default: m.InstructorDashboard })),
);
const AdminDashboard = lazy(() =>
  import("./features/dashboard/AdminDashboard").then((m) => ({ default: m.AdminDashboard })),
);
const NotFoundPage = lazy(() => import("./features/not-found/NotFoundPage").then((m) => ({ default: m.NotFoundPage })));
const SettingsPage = lazy(() => import("./features/settings/SettingsPage").then((m) => ({ default: m.SettingsPage })));
const SystemSettingsPage = lazy(() =>
  import("./features/settings/SystemSettingsPage").then((m) => ({ default: m.SystemSettingsPage })),
);
const InstructorSessionsPage = lazy(() =>
  import("./features/sessions/InstructorSessionsPage").then((m) => ({ default: m.InstructorSessionsPage })),
);
const ScheduleSessionPage = lazy(() =>
  import("./features/sessions/ScheduleSessionPage").then((m) => ({ default: m.ScheduleSessionPage })),
);
const InstructorMaterialsPage = lazy(() =>
  import("./features/materials/InstructorMaterialsPage").then((m) => ({ default: m.InstructorMaterialsPage })),
);
const NewMaterialPage = lazy(() =>
  import("./features/materials/NewMaterialPage").then((m) => ({ default: m.NewMaterialPage })),
);
const InstructorAssessmentsPage = lazy(() =>
  import("./features/instructor-assessments/InstructorAssessmentsPage").then((m) => ({
    default: m.InstructorAssessmentsPage,
  })),
);
const NewAssessmentPage = lazy(() =>
  import("./features/instructor-assessments/NewAssessmentPage").then((m) => ({ default: m.NewAssessmentPage })),
);
const EditAssessmentPage = lazy(() =>
  import("./features/instructor-assessments/EditAssessmentPage").then((m) => ({ default: m.EditAssessmentPage })),
);
const VisitorCoursesPage = lazy(() =>
  import("./features/courses/VisitorCoursesPage").then((m) => ({ default: m.VisitorCoursesPage })),
);
const VisitorCoursePage = lazy(() =>
  import("./features/course-detail/VisitorCoursePage").then((m) => ({ default: m.VisitorCoursePage })),
);
const CoursesPage = lazy(() => import("./features/courses/CoursesPage").then((m) => ({ default: m.CoursesPage })));
const CourseDetailPage = lazy(() =>
  import("./features/course-detail/CourseDetailPage").then((m) => ({ default: m.CourseDetailPage })),
);
const LessonViewerPage = lazy(() =>
  import("./features/lesson-viewer/LessonViewerPage").then((m) => ({ default: m.LessonViewerPage })),
);
const ReviewQueuePage = lazy(() =>
  import("./features/reviews/ReviewQueuePage").then((m) => ({ default: m.ReviewQueuePage })),
);
const AdminUsersRoute = lazy(() =>
  import("./features/users/AdminUsersRoute").then((m) => ({ default: m.AdminUsersRoute })),
);
const AdminNotificationsPage = lazy(() =>
  import("./features/notifications/AdminNotificationsPage").then((m) => ({ default: m.AdminNotificationsPage })),
);
const TakeAssessmentPage = lazy(() =>
  import("./features/take-assessment/TakeAssessmentPage").then((m) => ({ default: m.TakeAssessmentPage })),
);
const GradingPage = lazy(() => import("./features/grading/GradingPage").then((m) => ({ default: m.GradingPage })));
const ProfilePage = lazy(() => import("./features/profile/ProfilePage").then((m) => ({ default: m.ProfilePage })));
const ConfirmEmailPage = lazy(() =>
  import("./features/profile/ConfirmEmailPage").then((m) => ({ default: m.ConfirmEmailPage })),
);
const VerifyCertificatePage = lazy(() =>
  import("./features/certificates/VerifyCertificatePage").then((m) => ({ default: m.VerifyCertificatePage })),
);
const MessagesPage = lazy(() => import("./features/messages/MessagesPage").then((m) => ({ default: m.MessagesPage })));
const ReportedConversationsPage = lazy(() =>
  import("./features/messages/ReportedConversationsPage").then((m) => ({ default: m.ReportedConversationsPage })),
);
const ReportedConversationPage = lazy(() =>
  import("./features/messages/ReportedConversationPage").then((m) => ({ default: m.ReportedConversationPage })),
);
const LtiToolsPage = lazy(() => import("./features/lti-tools/LtiToolsPage").then((m) => ({ default: m.LtiToolsPage })));
const ActivityPage = lazy(() => import("./features/activity/ActivityPage").then((m) => ({ default: m.ActivityPage })));

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/login", element: <LoginPage /> },
      { path: "/register", element: <RegisterPage /> },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/reset-password/:resetToken", element: <ResetPasswordPage /> },
      { path: "/confirm-email/:token", element: <ConfirmEmailPage /> },
      // Anyone may verify a certificate, signed in or not (issue 23).
      { path: "/certificates/:certificateId", element: <VerifyCertificatePage /> },
      // The lesson viewer is deliberately outside the authentication guard (spec §2).
      { path: "/courses/:courseId/lessons/:lessonId", element: <LessonViewerPage /> },
      // The catalogue and a course's public page are open to visitors; signed-in users get their own screens.
      {
        path: "/courses",
        element: <RequireAuth visitor={<VisitorCoursesPage />} />,
        children: [{ index: true, element: <CoursesPage /> }],
      },
      {
        path: "/courses/:courseId",
        element: <RequireAuth visitor={<VisitorCoursePage />} />,
        children: [{ index: true, element: <CourseDetailPage /> }],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: "/dashboard",
            element: (
              <RoleGate allow={["learner"]} otherwise={homePathFor}>
                <LearnerDashboard />
              </RoleGate>
            ),
          },
          {
            path: "/instructor/dashboard",
            element: (
              <RoleGate allow={INSTRUCTOR_DASHBOARD_ROLES} otherwise="/dashboard">
                <InstructorDashboard />
              </RoleGate>
            ),
          },
          {
            element: <RoleGate allow={ADMIN_ROLES} otherwise="/dashboard" />,
            children: [
              { path: "/admin/dashboard", element: <AdminDashboard /> },
              { path: "/admin/reviews", element: <ReviewQueuePage /> },
              { path: "/admin/notifications", element: <AdminNotificationsPage /> },
              { path: "/admin/settings", element: <SystemSettingsPage /> },
              { path: "/admin/lti-tools", element: <LtiToolsPage /> },
              { path: "/admin/messages", element: <ReportedConversationsPage /> },
              { path: "/admin/messages/:conversationId", element: <ReportedConversationPage /> },
            ],
          },
          { path: "/admin/users", element: <AdminUsersRoute /> },
          { path: "/courses/:courseId/assessments/:assessmentId", element: <TakeAssessmentPage /> },
          { path: "/instructor/courses/:courseId", element: <CourseDetailPage /> },
          {
            element: <RoleGate allow={INSTRUCTOR_DASHBOARD_ROLES} otherwise="/dashboard" />,
            children: [
              { path: "/instructor/sessions", element: <InstructorSessionsPage /> },
              { path: "/instructor/sessions/new", element: <ScheduleSessionPage /> },
              { path: "/instructor/materials", element: <InstructorMaterialsPage /> },
              { path: "/instructor/materials/new", element: <NewMaterialPage /> },
              { path: "/instructor/courses/:courseId/assessments/:assessmentId/grade", element: <GradingPage /> },
              { path: "/instructor/assessments", element: <InstructorAssessmentsPage /> },
              { path: "/instructor/assessments/new", element: <NewAssessmentPage /> },
              { path: "/instructor/assessments/:assessmentId/edit", element: <EditAssessmentPage /> },
            ],
          },
          { path: "/activity", element: <ActivityPage /> },
          { path: "/messages", element: <MessagesPage /> },
          { path: "/messages/:conversationId", element: <MessagesPage /> },
          { path: "/profile", element: <ProfilePage /> },
          { path: "/settings", element: <SettingsPage /> },
        ],
      },
      // Outside the guard: a signed-out visitor at an unknown address gets the 404 page, not the sign-in form.
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

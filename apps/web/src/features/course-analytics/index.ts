export { CourseAnalyticsTab } from "./CourseAnalyticsTab";

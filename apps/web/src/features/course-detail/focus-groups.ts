/** The lists of the course page whose delete buttons hand focus on to a neighbour (useFocusAfterDelete). */
export const FOCUS_GROUPS = {
  modules: "modules",
  lessons: (moduleId: string) => `lessons-${moduleId}`,
  files: (lessonId: string) => `files-${lessonId}`,
  materials: "materials",
  announcements: "announcements",
} as const;

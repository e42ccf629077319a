import type { Generated } from "kysely";

/** Booleans are stored as integers 0/1 so SQLite and PostgreSQL behave the same. */
export type Flag = number;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: string;
  status: string;
  credits: number;
  email_verified: Flag;
  last_login: string | null;
  bio: string | null;
  location: string | null;
  phone: string | null;
  website: string | null;
  avatar: string | null;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface CategoriesTable {
  id: string;
  name: string;
  created_at: string;
}

export interface CoursesTable {
  id: string;
  title: string;
  course_code: string;
  description: string;
  short_description: string;
  category_id: string | null;
  instructor_id: string | null;
  price_credits: number;
  difficulty: string;
  duration: number;
  language: string;
  tags: string;
  requirements: string;
  learning_outcomes: string;
  thumbnail: string | null;
  published: Flag;
  enrollment_count: number;
  completion_count: number;
  rating_count: number;
  rating_sum: number;
  created_at: string;
  updated_at: string;
}

export interface EnrollmentsTable {
  id: string;
  user_id: string;
  course_id: string;
  status: string;
  progress: number;
  rating: number | null;
  enrolled_at: string;
  completed_at: string | null;
}

export interface SystemSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface ActivitiesTable {
  id: string;
  user_id: string | null;
  type: string;
  title: string;
  description: string | null;
  course_id: string | null;
  metadata: string | null;
  ip: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  categories: CategoriesTable;
  courses: CoursesTable;
  enrollments: EnrollmentsTable;
  system_settings: SystemSettingsTable;
  activities: ActivitiesTable;
}

export type { Generated };

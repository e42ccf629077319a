import { type Kysely, PostgresAdapter, sql } from "kysely";

// Issue 26: the course analytics and the students' progress list read stored rows instead of
// aggregating a course's learners on every request. Kept by triggers on every write, by any code
// path (enrolment, progress, grading, deletions, imports, copies):
// - course_enrollment_figures: per course, its learners, those completed and the sum of progress;
// - course_enrollment_days: per course and UTC day, the learners enrolled that day;
// - course_stop_counts: per course and lesson of the latest view ('' for none), learners not completed;
// - assessment_score_figures: per course and assessment, the stored scores (migration 028) counted,
//   their sum, and the sum and count of their shares of the points possible;
// - session_figures: per session, the learners enrolled by its end and those of them who joined;
// - student_sort_keys: per enrollment, the learner's name, e-mail and stored grade, with
//   course-scoped indexes, so the students list pages in those orders through an index.
// No foreign keys on these tables, so a restore loads them before the rows the triggers count (the
// triggers add to or overwrite what it loaded) and recounts them afterwards
// (modules/analytics/figures-recount.ts). Existing data is counted here.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("course_enrollment_figures")
    .addColumn("course_id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("learners", "integer", (c) => c.notNull())
    .addColumn("completed", "integer", (c) => c.notNull())
    .addColumn("progress_sum", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("course_enrollment_days")
    .addColumn("course_id", "varchar(24)", (c) => c.notNull())
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("learners", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("course_enrollment_days_pk", ["course_id", "day"])
    .execute();
  await db.schema
    .createTable("course_stop_counts")
    .addColumn("course_id", "varchar(24)", (c) => c.notNull())
    .addColumn("lesson_id", "varchar(24)", (c) => c.notNull())
    .addColumn("learners", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("course_stop_counts_pk", ["course_id", "lesson_id"])
    .execute();
  await db.schema
    .createTable("assessment_score_figures")
    .addColumn("course_id", "varchar(24)", (c) => c.notNull())
    .addColumn("assessment_id", "varchar(24)", (c) => c.notNull())
    .addColumn("graded", "integer", (c) => c.notNull())
    .addColumn("score_sum", "double precision", (c) => c.notNull())
    .addColumn("shared", "integer", (c) => c.notNull())
    .addColumn("share_sum", "double precision", (c) => c.notNull())
    .addPrimaryKeyConstraint("assessment_score_figures_pk", ["course_id", "assessment_id"])
    .execute();
  await db.schema
    .createTable("session_figures")
    .addColumn("session_id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("expected", "integer", (c) => c.notNull())
    .addColumn("attended", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("student_sort_keys")
    .addColumn("enrollment_id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("course_id", "varchar(24)", (c) => c.notNull())
    .addColumn("user_id", "varchar(24)", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("grade", "double precision")
    // lower(name), a line feed, lower(email): the search tests one column (a search holding a line feed tests both).
    .addColumn("search_text", "text", (c) => c.notNull())
    .execute();
  // The list orders nullable keys "asc nulls first" and "desc nulls last": SQLite's own order of
  // NULLs; PostgreSQL's index says so explicitly, to be read forwards or backwards for them.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const nullable = (column: string) => (postgres ? `${column} nulls first` : column);
  const indexes: [string, string, string][] = [
    // With the search column: a search in name order (the list's first) reads this index alone.
    ["student_sort_keys_name_idx", "student_sort_keys", "course_id, name, enrollment_id, search_text"],
    ["student_sort_keys_email_idx", "student_sort_keys", "course_id, email, enrollment_id"],
    ["student_sort_keys_grade_idx", "student_sort_keys", `course_id, ${nullable("grade")}, enrollment_id`],
    ["student_sort_keys_user_idx", "student_sort_keys", "user_id, course_id"],
    // The at-risk count (its cutoff moves with the clock) reads the course's enrollments from this alone.
    ["enrollments_course_at_risk_idx", "enrollments", "course_id, progress, enrolled_at, status"],
    ["enrollments_course_progress_order_idx", "enrollments", "course_id, progress, id"],
    ["enrollments_course_enrolled_order_idx", "enrollments", "course_id, enrolled_at, id"],
    ["enrollments_course_accessed_order_idx", "enrollments", `course_id, ${nullable("last_accessed_at")}, id`],
  ];
  for (const [name, table, columns] of indexes) {
    await sql.raw(`create index ${name} on ${table} (${columns})`).execute(db);
  }
  for (const statement of COUNT_ALL) await sql.raw(statement).execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** The search column of the user row `r`: the same lower() both databases apply to a column at a search. */
const searchText = (r: string) => `lower(${r}.name) || '\n' || lower(${r}.email)`;

/** Every figure from the rows it counts (this migration's backfill; a restore keeps its own copy). */
const COUNT_ALL = [
  `insert into course_enrollment_figures (course_id, learners, completed, progress_sum)
    select course_id, count(*), sum(case when status = 'completed' then 1 else 0 end), sum(progress)
    from enrollments group by course_id`,
  `insert into course_enrollment_days (course_id, day, learners)
    select course_id, substr(enrolled_at, 1, 10), count(*) from enrollments group by course_id, substr(enrolled_at, 1, 10)`,
  `insert into course_stop_counts (course_id, lesson_id, learners)
    select course_id, coalesce(last_lesson_id, ''), count(*) from enrollments where status <> 'completed'
    group by course_id, coalesce(last_lesson_id, '')`,
  `insert into assessment_score_figures (course_id, assessment_id, graded, score_sum, shared, share_sum)
    select course_id, assessment_id, count(*), sum(cast(score as double precision)),
      sum(case when possible > 0 then 1 else 0 end),
      coalesce(sum(case when possible > 0 then cast(score / possible as double precision) end), 0)
    from learner_scores group by course_id, assessment_id`,
  `insert into session_figures (session_id, expected, attended)
    select s.id,
      (select count(*) from enrollments e where e.course_id = s.course_id and e.enrolled_at <= s.ends_at),
      (select count(*) from session_attendance a inner join enrollments e on e.user_id = a.user_id
        and e.course_id = s.course_id where a.session_id = s.id and e.enrolled_at <= s.ends_at)
    from sessions s`,
  `insert into student_sort_keys (enrollment_id, course_id, user_id, name, email, grade, search_text)
    select e.id, e.course_id, e.user_id, u.name, u.email, g.grade, ${searchText("u")}
    from enrollments e inner join users u on u.id = e.user_id
    left join learner_grades g on g.course_id = e.course_id and g.user_id = e.user_id`,
];

/**
 * The statements that add (`sign` 1, row `r` = new) or take away (-1, `r` = old) one enrollment's
 * part of the course figures, in SQLite. Taking away updates only: a course being deleted may have
 * lost its rows already.
 */
function sqliteEnrollment(r: "new" | "old") {
  const add = r === "new";
  const sign = add ? "+" : "-";
  const figures = add
    ? `insert into course_enrollment_figures (course_id, learners, completed, progress_sum)
        values (new.course_id, 1, new.status = 'completed', new.progress)
        on conflict (course_id) do update set learners = learners + 1,
          completed = completed + excluded.completed, progress_sum = progress_sum + excluded.progress_sum;`
    : `update course_enrollment_figures set learners = learners - 1,
        completed = completed - (old.status = 'completed'), progress_sum = progress_sum - old.progress
        where course_id = old.course_id;`;
  return { figures, days: sqliteDay(r, sign), stops: sqliteStop(r, sign), sessions: sqliteSessions(r, sign) };
}

const sqliteDay = (r: string, sign: string) =>
  sign === "+"
    ? `insert into course_enrollment_days (course_id, day, learners) values (${r}.course_id, substr(${r}.enrolled_at, 1, 10), 1)
        on conflict (course_id, day) do update set learners = learners + 1;`
    : `update course_enrollment_days set learners = learners - 1
        where course_id = ${r}.course_id and day = substr(${r}.enrolled_at, 1, 10);`;

const sqliteStop = (r: string, sign: string) =>
  sign === "+"
    ? `insert into course_stop_counts (course_id, lesson_id, learners)
        select ${r}.course_id, coalesce(${r}.last_lesson_id, ''), 1 where ${r}.status <> 'completed'
        on conflict (course_id, lesson_id) do update set learners = learners + 1;`
    : `update course_stop_counts set learners = learners - 1
        where ${r}.status <> 'completed' and course_id = ${r}.course_id and lesson_id = coalesce(${r}.last_lesson_id, '');`;

const sqliteSessions = (r: string, sign: string) =>
  `update session_figures set expected = expected ${sign} 1,
      attended = attended ${sign} exists (select 1 from session_attendance a
        where a.session_id = session_figures.session_id and a.user_id = ${r}.user_id)
    where session_id in (select id from sessions where course_id = ${r}.course_id and ends_at >= ${r}.enrolled_at);`;

/** The stored score of `r` added to or taken from its assessment's figures. */
const sqliteScore = (r: string, sign: string) =>
  sign === "+"
    ? `insert into assessment_score_figures (course_id, assessment_id, graded, score_sum, shared, share_sum)
        values (new.course_id, new.assessment_id, 1, new.score, new.possible > 0,
          case when new.possible > 0 then new.score / new.possible else 0 end)
        on conflict (course_id, assessment_id) do update set graded = graded + 1, score_sum = score_sum + excluded.score_sum,
          shared = shared + excluded.shared, share_sum = share_sum + excluded.share_sum;`
    : `update assessment_score_figures set graded = graded - 1, score_sum = score_sum - ${r}.score,
        shared = shared - (${r}.possible > 0),
        share_sum = share_sum - case when ${r}.possible > 0 then ${r}.score / ${r}.possible else 0 end
        where course_id = ${r}.course_id and assessment_id = ${r}.assessment_id;`;

/** Whether the attendance row `r` counts: its learner enrolled in the session's course by its end. */
const attendanceCounts = (r: string) =>
  `exists (select 1 from sessions s inner join enrollments e on e.course_id = s.course_id
    where s.id = ${r}.session_id and e.user_id = ${r}.user_id and e.enrolled_at <= s.ends_at)`;

const SESSION_COUNTS = (r: string) => `
  (select count(*) from enrollments e where e.course_id = ${r}.course_id and e.enrolled_at <= ${r}.ends_at),
  (select count(*) from session_attendance a inner join enrollments e on e.user_id = a.user_id
    and e.course_id = ${r}.course_id where a.session_id = ${r}.id and e.enrolled_at <= ${r}.ends_at)`;

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const added = sqliteEnrollment("new");
  const removed = sqliteEnrollment("old");
  const trigger = (statement: string) => sql.raw(statement).execute(db);
  await trigger(`create trigger course_figures_enrollment_insert after insert on enrollments begin
    ${added.figures} ${added.days} ${added.stops} ${added.sessions}
    insert into student_sort_keys (enrollment_id, course_id, user_id, name, email, grade, search_text)
      select new.id, new.course_id, new.user_id, u.name, u.email,
        (select grade from learner_grades g where g.course_id = new.course_id and g.user_id = new.user_id), ${searchText("u")}
      from users u where u.id = new.user_id
        on conflict (enrollment_id) do update set course_id = excluded.course_id, user_id = excluded.user_id,
          name = excluded.name, email = excluded.email, grade = excluded.grade, search_text = excluded.search_text;
  end`);
  await trigger(`create trigger course_figures_enrollment_delete after delete on enrollments begin
    ${removed.figures} ${removed.days} ${removed.stops} ${removed.sessions}
    delete from student_sort_keys where enrollment_id = old.id;
  end`);
  await trigger(`create trigger course_figures_enrollment_figures after update of course_id, status, progress on enrollments
    when old.course_id <> new.course_id or old.status <> new.status or old.progress <> new.progress begin
    ${removed.figures} ${added.figures}
  end`);
  await trigger(`create trigger course_figures_enrollment_day after update of course_id, enrolled_at, user_id on enrollments
    when old.course_id <> new.course_id or old.enrolled_at <> new.enrolled_at or old.user_id <> new.user_id begin
    ${removed.days} ${removed.sessions} ${added.days} ${added.sessions}
  end`);
  await trigger(`create trigger course_figures_enrollment_stop after update of course_id, status, last_lesson_id on enrollments
    when old.course_id <> new.course_id or (old.status = 'completed') <> (new.status = 'completed')
      or old.last_lesson_id is not new.last_lesson_id begin
    ${removed.stops} ${added.stops}
  end`);
  await trigger(`create trigger course_figures_score_insert after insert on learner_scores begin
    ${sqliteScore("new", "+")}
  end`);
  await trigger(`create trigger course_figures_score_delete after delete on learner_scores begin
    ${sqliteScore("old", "-")}
  end`);
  await trigger(`create trigger course_figures_score_update after update on learner_scores begin
    ${sqliteScore("old", "-")} ${sqliteScore("new", "+")}
  end`);
  await trigger(`create trigger course_figures_assessment_delete after delete on assessments begin
    delete from assessment_score_figures where assessment_id = old.id;
  end`);
  await trigger(`create trigger course_figures_course_delete after delete on courses begin
    delete from course_enrollment_figures where course_id = old.id;
    delete from course_enrollment_days where course_id = old.id;
    delete from course_stop_counts where course_id = old.id;
    delete from assessment_score_figures where course_id = old.id;
  end`);
  await trigger(`create trigger course_figures_session_insert after insert on sessions begin
    insert into session_figures (session_id, expected, attended) values (new.id, ${SESSION_COUNTS("new")})
      on conflict (session_id) do update set expected = excluded.expected, attended = excluded.attended;
  end`);
  await trigger(`create trigger course_figures_session_update after update of course_id, ends_at on sessions begin
    update session_figures set (expected, attended) = (select ${SESSION_COUNTS("new")}) where session_id = new.id;
  end`);
  await trigger(`create trigger course_figures_session_delete after delete on sessions begin
    delete from session_figures where session_id = old.id;
  end`);
  await trigger(`create trigger course_figures_attendance_insert after insert on session_attendance
    when ${attendanceCounts("new")} begin
    update session_figures set attended = attended + 1 where session_id = new.session_id;
  end`);
  await trigger(`create trigger course_figures_attendance_delete after delete on session_attendance
    when ${attendanceCounts("old")} begin
    update session_figures set attended = attended - 1 where session_id = old.session_id;
  end`);
  await trigger(`create trigger course_figures_user_keys after update of name, email on users begin
    update student_sort_keys set name = new.name, email = new.email, search_text = ${searchText("new")} where user_id = new.id;
  end`);
  await trigger(`create trigger course_figures_grade_insert after insert on learner_grades begin
    update student_sort_keys set grade = new.grade where course_id = new.course_id and user_id = new.user_id;
  end`);
  await trigger(`create trigger course_figures_grade_update after update of grade on learner_grades begin
    update student_sort_keys set grade = new.grade where course_id = new.course_id and user_id = new.user_id;
  end`);
  await trigger(`create trigger course_figures_grade_delete after delete on learner_grades begin
    update student_sort_keys set grade = null where course_id = old.course_id and user_id = old.user_id;
  end`);
}

/** PostgreSQL: one function per counted table, its row's part taken away (old) and added (new). */
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create function course_figures_enrollment() returns trigger language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') then
      if tg_op = 'DELETE' or old.course_id <> new.course_id or old.status <> new.status or old.progress <> new.progress then
        update course_enrollment_figures set learners = learners - 1,
          completed = completed - (old.status = 'completed')::integer, progress_sum = progress_sum - old.progress
          where course_id = old.course_id;
      end if;
      if tg_op = 'DELETE' or old.course_id <> new.course_id or old.enrolled_at <> new.enrolled_at or old.user_id <> new.user_id then
        update course_enrollment_days set learners = learners - 1
          where course_id = old.course_id and day = substr(old.enrolled_at, 1, 10);
        update session_figures set expected = expected - 1,
          attended = attended - (exists (select 1 from session_attendance a
            where a.session_id = session_figures.session_id and a.user_id = old.user_id))::integer
          where session_id in (select id from sessions where course_id = old.course_id and ends_at >= old.enrolled_at);
      end if;
      if old.status <> 'completed' and (tg_op = 'DELETE' or old.course_id <> new.course_id
          or new.status = 'completed' or old.last_lesson_id is distinct from new.last_lesson_id) then
        update course_stop_counts set learners = learners - 1
          where course_id = old.course_id and lesson_id = coalesce(old.last_lesson_id, '');
      end if;
      if tg_op = 'DELETE' then
        delete from student_sort_keys where enrollment_id = old.id;
        return null;
      end if;
    end if;
    if tg_op = 'INSERT' or old.course_id <> new.course_id or old.status <> new.status or old.progress <> new.progress then
      insert into course_enrollment_figures (course_id, learners, completed, progress_sum)
        values (new.course_id, 1, (new.status = 'completed')::integer, new.progress)
        on conflict (course_id) do update set learners = course_enrollment_figures.learners + 1,
          completed = course_enrollment_figures.completed + excluded.completed,
          progress_sum = course_enrollment_figures.progress_sum + excluded.progress_sum;
    end if;
    if tg_op = 'INSERT' or old.course_id <> new.course_id or old.enrolled_at <> new.enrolled_at or old.user_id <> new.user_id then
      insert into course_enrollment_days (course_id, day, learners) values (new.course_id, substr(new.enrolled_at, 1, 10), 1)
        on conflict (course_id, day) do update set learners = course_enrollment_days.learners + 1;
      update session_figures set expected = expected + 1,
        attended = attended + (exists (select 1 from session_attendance a
          where a.session_id = session_figures.session_id and a.user_id = new.user_id))::integer
        where session_id in (select id from sessions where course_id = new.course_id and ends_at >= new.enrolled_at);
    end if;
    if new.status <> 'completed' and (tg_op = 'INSERT' or old.course_id <> new.course_id
        or old.status = 'completed' or old.last_lesson_id is distinct from new.last_lesson_id) then
      insert into course_stop_counts (course_id, lesson_id, learners) values (new.course_id, coalesce(new.last_lesson_id, ''), 1)
        on conflict (course_id, lesson_id) do update set learners = course_stop_counts.learners + 1;
    end if;
    if tg_op = 'INSERT' then
      insert into student_sort_keys (enrollment_id, course_id, user_id, name, email, grade, search_text)
        select new.id, new.course_id, new.user_id, u.name, u.email,
          (select grade from learner_grades g where g.course_id = new.course_id and g.user_id = new.user_id), ${searchText("u")}
        from users u where u.id = new.user_id
          on conflict (enrollment_id) do update set course_id = excluded.course_id, user_id = excluded.user_id,
            name = excluded.name, email = excluded.email, grade = excluded.grade, search_text = excluded.search_text;
    end if;
    return null;
  end $$`);
  await run(`create trigger course_figures_enrollment after insert or delete or update on enrollments
    for each row execute function course_figures_enrollment()`);
  await run(`create function course_figures_score() returns trigger language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') then
      update assessment_score_figures set graded = graded - 1, score_sum = score_sum - old.score,
        shared = shared - (old.possible > 0)::integer,
        share_sum = share_sum - case when old.possible > 0 then old.score / old.possible else 0 end
        where course_id = old.course_id and assessment_id = old.assessment_id;
    end if;
    if tg_op in ('UPDATE', 'INSERT') then
      insert into assessment_score_figures (course_id, assessment_id, graded, score_sum, shared, share_sum)
        values (new.course_id, new.assessment_id, 1, new.score, (new.possible > 0)::integer,
          case when new.possible > 0 then new.score / new.possible else 0 end)
        on conflict (course_id, assessment_id) do update set graded = assessment_score_figures.graded + 1,
          score_sum = assessment_score_figures.score_sum + excluded.score_sum,
          shared = assessment_score_figures.shared + excluded.shared,
          share_sum = assessment_score_figures.share_sum + excluded.share_sum;
    end if;
    return null;
  end $$`);
  await run(`create trigger course_figures_score after insert or delete or update on learner_scores
    for each row execute function course_figures_score()`);
  await run(`create function course_figures_owner_deleted() returns trigger language plpgsql as $$
  begin
    if tg_table_name = 'assessments' then
      delete from assessment_score_figures where assessment_id = old.id;
    elsif tg_table_name = 'sessions' then
      delete from session_figures where session_id = old.id;
    else
      delete from course_enrollment_figures where course_id = old.id;
      delete from course_enrollment_days where course_id = old.id;
      delete from course_stop_counts where course_id = old.id;
      delete from assessment_score_figures where course_id = old.id;
    end if;
    return null;
  end $$`);
  for (const table of ["assessments", "sessions", "courses"]) {
    await run(`create trigger course_figures_${table}_deleted after delete on ${table}
      for each row execute function course_figures_owner_deleted()`);
  }
  await run(`create function course_figures_session() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into session_figures (session_id, expected, attended) values (new.id, ${SESSION_COUNTS("new")})
      on conflict (session_id) do update set expected = excluded.expected, attended = excluded.attended;
    elsif old.course_id <> new.course_id or old.ends_at <> new.ends_at then
      update session_figures set (expected, attended) = (select ${SESSION_COUNTS("new")}) where session_id = new.id;
    end if;
    return null;
  end $$`);
  await run(`create trigger course_figures_session after insert or update on sessions
    for each row execute function course_figures_session()`);
  await run(`create function course_figures_attendance() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' and ${attendanceCounts("new")} then
      update session_figures set attended = attended + 1 where session_id = new.session_id;
    elsif tg_op = 'DELETE' and ${attendanceCounts("old")} then
      update session_figures set attended = attended - 1 where session_id = old.session_id;
    end if;
    return null;
  end $$`);
  await run(`create trigger course_figures_attendance after insert or delete on session_attendance
    for each row execute function course_figures_attendance()`);
  await run(`create function course_figures_user_keys() returns trigger language plpgsql as $$
  begin
    if old.name <> new.name or old.email <> new.email then
      update student_sort_keys set name = new.name, email = new.email, search_text = ${searchText("new")} where user_id = new.id;
    end if;
    return null;
  end $$`);
  await run(`create trigger course_figures_user_keys after update of name, email on users
    for each row execute function course_figures_user_keys()`);
  await run(`create function course_figures_grade() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' then
      update student_sort_keys set grade = null where course_id = old.course_id and user_id = old.user_id;
    elsif tg_op = 'INSERT' or old.grade is distinct from new.grade then
      update student_sort_keys set grade = new.grade where course_id = new.course_id and user_id = new.user_id;
    end if;
    return null;
  end $$`);
  await run(`create trigger course_figures_grade after insert or delete or update on learner_grades
    for each row execute function course_figures_grade()`);
}

const SQLITE_TRIGGERS = [
  "enrollment_insert",
  "enrollment_delete",
  "enrollment_figures",
  "enrollment_day",
  "enrollment_stop",
  "score_insert",
  "score_delete",
  "score_update",
  "assessment_delete",
  "course_delete",
  "session_insert",
  "session_update",
  "session_delete",
  "attendance_insert",
  "attendance_delete",
  "user_keys",
  "grade_insert",
  "grade_update",
  "grade_delete",
];

const POSTGRES_TRIGGERS: [string, string][] = [
  ["enrollment", "enrollments"],
  ["score", "learner_scores"],
  ["assessments_deleted", "assessments"],
  ["sessions_deleted", "sessions"],
  ["courses_deleted", "courses"],
  ["session", "sessions"],
  ["attendance", "session_attendance"],
  ["user_keys", "users"],
  ["grade", "learner_grades"],
];

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [name, table] of POSTGRES_TRIGGERS) {
      await sql.raw(`drop trigger if exists course_figures_${name} on ${table}`).execute(db);
    }
    for (const name of ["enrollment", "score", "owner_deleted", "session", "attendance", "user_keys", "grade"]) {
      await sql.raw(`drop function if exists course_figures_${name}()`).execute(db);
    }
  } else {
    for (const name of SQLITE_TRIGGERS) await sql.raw(`drop trigger if exists course_figures_${name}`).execute(db);
  }
  for (const index of [
    "enrollments_course_accessed_order_idx",
    "enrollments_course_enrolled_order_idx",
    "enrollments_course_progress_order_idx",
    "enrollments_course_at_risk_idx",
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const table of [
    "student_sort_keys",
    "session_figures",
    "assessment_score_figures",
    "course_stop_counts",
    "course_enrollment_days",
    "course_enrollment_figures",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

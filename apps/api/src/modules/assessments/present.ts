import type {
  AnswerFile,
  AnswerValue,
  Assessment,
  AssessmentResult,
  Attempt,
  AttemptState,
  LearnerAssessment,
  Override,
  Question,
  QuestionInput,
} from "@lms/contract";
import { type FrozenQuestion, round2 } from "./grading.js";
import type { ImageLink } from "./question-images.js";
import type { AnswerRow, AssessmentListRow, AssessmentRow, AttemptRow, OverrideRow, QuestionRow } from "./repo.js";

/** The type's own fields of a question input, as stored in the `data` column. */
export function questionData(input: QuestionInput): Record<string, unknown> {
  switch (input.type) {
    case "single_choice":
    case "multiple_choice":
      return { options: input.options };
    case "true_false":
      return { correct: input.correct };
    case "short_answer":
      return { acceptedAnswers: input.acceptedAnswers };
    case "numeric":
      return { value: input.value, tolerance: input.tolerance };
    default:
      return {};
  }
}

/** A stored question with its key; an option's id is its place in the question as written. */
export function questionFromRow(row: QuestionRow): FrozenQuestion {
  const data = JSON.parse(row.data) as {
    options?: { text: string; correct: boolean }[];
    correct?: boolean;
    acceptedAnswers?: string[];
    value?: number;
    tolerance?: number;
  };
  const { options, ...rest } = data;
  return {
    id: row.id,
    type: row.type as FrozenQuestion["type"],
    text: row.text,
    points: row.points,
    ...(options ? { options: options.map((o, index) => ({ id: String(index), ...o })) } : {}),
    ...rest,
    ...(row.image_key && row.image_mime
      ? { image: { key: row.image_key, mime: row.image_mime, alt: row.image_alt ?? "" } }
      : {}),
    ...(row.feedback ? { feedback: row.feedback } : {}),
  };
}

export function presentQuestion(q: FrozenQuestion, link: ImageLink): Question {
  return {
    _id: q.id,
    type: q.type,
    text: q.text,
    points: q.points,
    image: q.image ? link(q.image) : null,
    ...(q.options ? { options: q.options.map((o) => ({ _id: o.id, text: o.text, correct: o.correct })) } : {}),
    ...(q.correct !== undefined ? { correct: q.correct } : {}),
    ...(q.acceptedAnswers ? { acceptedAnswers: q.acceptedAnswers } : {}),
    ...(q.value !== undefined ? { value: q.value, tolerance: q.tolerance ?? 0 } : {}),
    ...(q.feedback ? { feedback: q.feedback } : {}),
  };
}

function settingsOf(row: AssessmentRow) {
  return {
    published: Boolean(row.published),
    availableFrom: row.available_from,
    lateSubmissions: row.late_submissions as Assessment["lateSubmissions"],
    latePenaltyPercent: row.late_penalty_percent,
    latePenaltyPer: row.late_penalty_per as Assessment["latePenaltyPer"],
    latePenaltyFloor: row.late_penalty_floor,
    attemptsAllowed: row.attempts_allowed,
    scoringRule: row.scoring_rule as Assessment["scoringRule"],
    timeLimitMinutes: row.time_limit_minutes,
    passingScore: row.passing_score,
    shuffleQuestions: Boolean(row.shuffle_questions),
    shuffleOptions: Boolean(row.shuffle_options),
    questionPoolSize: row.question_pool_size,
    showCorrectAnswers: row.show_correct_answers as Assessment["showCorrectAnswers"],
    weight: row.weight,
    requiredForCompletion: Boolean(row.required_for_completion),
  };
}

export function presentAssessment(
  row: AssessmentListRow,
  questions?: { list: FrozenQuestion[]; link: ImageLink },
): Assessment {
  return {
    _id: row.id,
    courseId: row.course_id,
    title: row.title,
    description: row.description,
    type: row.type as Assessment["type"],
    courseTitle: row.course_title,
    submissions: Number(row.submissions),
    needsGrading: Number(row.needs_grading),
    dueDate: row.due_date,
    totalPoints: row.total_points,
    questionCount: Number(row.question_count),
    ...settingsOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(questions ? { questions: questions.list.map((q) => presentQuestion(q, questions.link)) } : {}),
  };
}

/** A learner's own state, and their rules (the assessment's, changed by an override they have). */
export interface LearnerStanding {
  dueDate: string | null;
  timeLimitMinutes: number | null;
  attemptsAllowed: number | null;
  state: LearnerAssessment["state"];
  score: number | null;
  attemptsUsed: number;
  attemptsLeft: number | null;
  currentAttemptId: string | null;
}

export function presentLearnerAssessment(row: AssessmentListRow, standing: LearnerStanding): LearnerAssessment {
  return {
    _id: row.id,
    courseId: row.course_id,
    title: row.title,
    description: row.description,
    type: row.type as Assessment["type"],
    totalPoints: row.total_points,
    questionCount: Number(row.question_count),
    ...settingsOf(row),
    // The learner's own due date, time limit and attempts allowed replace the assessment's.
    ...standing,
  };
}

export const frozenQuestions = (attempt: AttemptRow): FrozenQuestion[] =>
  JSON.parse(attempt.questions) as FrozenQuestion[];

export const answerValue = (row: AnswerRow | undefined): AnswerValue | null =>
  row ? (JSON.parse(row.answer) as AnswerValue | null) : null;

function correctAnswerOf(q: FrozenQuestion): Attempt["questions"][number]["correctAnswer"] {
  switch (q.type) {
    case "single_choice":
      return q.options?.find((o) => o.correct)?.id;
    case "multiple_choice":
      return q.options?.filter((o) => o.correct).map((o) => o.id);
    case "true_false":
      return q.correct;
    case "short_answer":
      return q.acceptedAnswers;
    case "numeric":
      return { value: q.value ?? 0, tolerance: q.tolerance ?? 0 };
    default:
      return undefined;
  }
}

export function presentAttemptSummary(row: AttemptRow): Omit<Attempt, "questions" | "pointsSoFar" | "pointsPending"> {
  return {
    _id: row.id,
    assessmentId: row.assessment_id,
    number: row.number,
    state: row.state as AttemptState,
    startedAt: row.started_at,
    deadlineAt: row.deadline_at,
    submittedAt: row.submitted_at,
    late: Boolean(row.late),
    rawScore: row.raw_score,
    penalty: row.penalty,
    score: row.score,
    maxPoints: row.max_points,
  };
}

/**
 * An attempt with its questions as served: never the answer key unless `showKey` (the release
 * rule allows it), and points and feedback only once the attempt is finished. The question's own
 * feedback explains its result, so it waits for both: the key released and the attempt graded.
 */
export function presentAttempt(
  row: AttemptRow,
  answers: AnswerRow[],
  showKey: boolean,
  link: ImageLink,
  files: Map<string, AnswerFile> = new Map(),
): Attempt {
  const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
  const finished = row.state !== "in_progress";
  const explained = showKey && row.state === "graded";
  const questions = frozenQuestions(row).map((q) => {
    const answer = byQuestion.get(q.id);
    const key = showKey ? correctAnswerOf(q) : undefined;
    return {
      _id: q.id,
      type: q.type,
      text: q.text,
      points: q.points,
      image: q.image ? link(q.image) : null,
      ...(q.options ? { options: q.options.map((o) => ({ _id: o.id, text: o.text })) } : {}),
      answer: answerValue(answer),
      pointsAwarded: finished ? (answer?.points_awarded ?? null) : null,
      feedback: finished ? (answer?.feedback ?? null) : null,
      ...(q.type === "file_upload" ? { file: files.get(q.id) ?? null } : {}),
      ...(key !== undefined ? { correctAnswer: key } : {}),
      ...(explained && q.feedback ? { questionFeedback: q.feedback } : {}),
    };
  });
  return { ...presentAttemptSummary(row), questions, ...pointsOf(questions, finished) };
}

/** A finished attempt's points awarded so far, and the points that wait for a hand grade. */
function pointsOf(questions: Attempt["questions"], finished: boolean) {
  if (!finished) return { pointsSoFar: null, pointsPending: null };
  const sum = (list: Attempt["questions"], points: (q: Attempt["questions"][number]) => number) =>
    round2(list.reduce((total, q) => total + points(q), 0));
  return {
    pointsSoFar: sum(questions, (q) => q.pointsAwarded ?? 0),
    pointsPending: sum(
      questions.filter((q) => q.pointsAwarded === null),
      (q) => q.points,
    ),
  };
}

export function presentResult(row: AttemptRow & { learner_name: string; learner_email: string }): AssessmentResult {
  return {
    _id: row.id,
    learner: { _id: row.user_id, name: row.learner_name, email: row.learner_email },
    attempt: row.number,
    state: row.state as AttemptState,
    score: row.score,
    rawScore: row.raw_score,
    penalty: row.penalty,
    maxPoints: row.max_points,
    startedAt: row.started_at,
    submittedAt: row.submitted_at,
    late: Boolean(row.late),
  };
}

export function presentOverride(row: OverrideRow & { learner_name: string; learner_email: string }): Override {
  return {
    _id: row.id,
    learner: { _id: row.user_id, name: row.learner_name, email: row.learner_email },
    extraMinutes: row.extra_minutes,
    dueDate: row.due_date,
    extraAttempts: row.extra_attempts,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

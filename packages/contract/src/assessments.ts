import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope, paginationQuerySchema, paginationSchema } from "./common.js";
import { courseParamsSchema, idSchema, userIdSchema } from "./ids.js";

export const ASSESSMENT_TYPES = ["quiz", "assignment", "exam"] as const;
export const QUESTION_TYPES = [
  "single_choice",
  "multiple_choice",
  "true_false",
  "short_answer",
  "numeric",
  "essay",
  "file_upload",
] as const;
/** Questions the server grades on submit; the others (essay, file_upload) wait for a hand grade. */
export const AUTO_GRADED_TYPES = ["single_choice", "multiple_choice", "true_false", "short_answer", "numeric"] as const;
export const SCORING_RULES = ["highest", "latest", "average"] as const;
export const SHOW_CORRECT_ANSWERS = ["never", "after_submit", "after_due"] as const;
export const LATE_SUBMISSIONS = ["accept", "refuse"] as const;
export const LATE_PENALTY_PER = ["hour", "day"] as const;
export const ATTEMPT_STATES = ["in_progress", "submitted", "graded"] as const;
/** A learner's state on an assessment: no attempt yet, or the state of their latest attempt. */
export const LEARNER_ASSESSMENT_STATES = ["not_started", ...ATTEMPT_STATES] as const;

export type AssessmentType = (typeof ASSESSMENT_TYPES)[number];
export type QuestionType = (typeof QUESTION_TYPES)[number];
export type ScoringRule = (typeof SCORING_RULES)[number];
export type ShowCorrectAnswers = (typeof SHOW_CORRECT_ANSWERS)[number];
export type AttemptState = (typeof ATTEMPT_STATES)[number];
export type LearnerAssessmentState = (typeof LEARNER_ASSESSMENT_STATES)[number];

export const ASSESSMENT_LIMITS = {
  titleMax: 200,
  descriptionMax: 10_000,
  questionsMax: 200,
  questionTextMax: 10_000,
  optionsMin: 2,
  optionsMax: 20,
  optionTextMax: 1_000,
  acceptedAnswersMax: 50,
  acceptedAnswerMax: 500,
  pointsMax: 1_000,
  attemptsMax: 100,
  timeLimitMaxMinutes: 10_080,
  weightMax: 1_000,
  answerTextMax: 20_000,
  imageAltMax: 500,
  /** A question image is at most this many megabytes, or maxFileSize when that is lower. */
  imageMaxMegabytes: 5,
  /** Saves and submits this long after an attempt's deadline still count (network latency). */
  graceSeconds: 30,
  dashboardDefault: 5,
} as const;

export const ASSESSMENT_MESSAGES = messageGroup("ASSESSMENT_MESSAGES", {
  created: "Assessment created successfully",
  updated: "Assessment updated successfully",
  deleted: "Assessment deleted successfully",
  answersSaved: "Answers saved",
  submitted: "Assessment submitted successfully",
  notFound: "Assessment not found",
  attemptNotFound: "Attempt not found",
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${ASSESSMENT_LIMITS.titleMax} characters`,
  descriptionTooLong: `Description must be at most ${ASSESSMENT_LIMITS.descriptionMax} characters`,
  invalidType: "Type must be quiz, assignment or exam",
  invalidQuestionType: `Question type must be one of: ${QUESTION_TYPES.join(", ")}`,
  questionTextRequired: "Question text is required",
  questionTextTooLong: `Question text must be at most ${ASSESSMENT_LIMITS.questionTextMax} characters`,
  pointsRange: `Points must be between 0 and ${ASSESSMENT_LIMITS.pointsMax}`,
  tooManyQuestions: `An assessment has at most ${ASSESSMENT_LIMITS.questionsMax} questions`,
  optionsCount: `A choice question has ${ASSESSMENT_LIMITS.optionsMin} to ${ASSESSMENT_LIMITS.optionsMax} options`,
  optionTextRequired: "Option text is required",
  optionTextTooLong: `Option text must be at most ${ASSESSMENT_LIMITS.optionTextMax} characters`,
  singleChoiceOneCorrect: "A single choice question has exactly one correct option",
  multipleChoiceCorrect: "A multiple choice question has at least one correct option",
  acceptedAnswersRequired: "A short answer question needs at least one accepted answer",
  acceptedAnswerTooLong: `Accepted answers must be at most ${ASSESSMENT_LIMITS.acceptedAnswerMax} characters`,
  toleranceMin: "Tolerance must be 0 or more",
  numericValueRequired: "The correct value must be a number",
  totalPointsMin: "Total points must be at least 1",
  totalPointsMismatch: "totalPoints must equal the sum of the questions' points",
  publishNeedsQuestions: "Add at least one question before publishing",
  unknownQuestionId: "A question id does not belong to this assessment",
  invalidDate: "Dates must be ISO 8601 date-times",
  dueBeforeAvailable: "The due date must be after the available-from date",
  percentRange: "Percentages must be between 0 and 100",
  attemptsRange: `Attempts allowed must be between 1 and ${ASSESSMENT_LIMITS.attemptsMax}, or null for unlimited`,
  timeLimitRange: `Time limit must be between 1 and ${ASSESSMENT_LIMITS.timeLimitMaxMinutes} minutes, or null`,
  weightRange: `Weight must be between 0 and ${ASSESSMENT_LIMITS.weightMax}`,
  notAvailableYet: "This assessment is not available yet",
  pastDue: "The due date has passed and late submissions are not accepted",
  noAttemptsLeft: "No attempts left",
  attemptClosed: "This attempt is closed",
  timeUp: "Time is up: the attempt was submitted with the answers saved by the deadline",
  questionNotInAttempt: "This question is not part of the attempt",
  answerTooLong: `Answers must be at most ${ASSESSMENT_LIMITS.answerTextMax} characters`,
  answerDoesNotFit: "This answer does not fit the question's type",
  fileAnswerByUpload: "File answers are sent as an upload",
  graded: "Grades saved",
  gradeAboveQuestion: "Points must be between 0 and the question's points",
  attemptInProgress: "This attempt is still in progress",
  feedbackTooLong: `Feedback must be at most ${ASSESSMENT_LIMITS.answerTextMax} characters`,
  overrideSaved: "Override saved",
  overrideDeleted: "Override removed",
  overrideNotFound: "Override not found",
  extraMinutesRange: `Extra time must be between 0 and ${ASSESSMENT_LIMITS.timeLimitMaxMinutes} minutes`,
  extraAttemptsRange: `Extra attempts must be between 0 and ${ASSESSMENT_LIMITS.attemptsMax}`,
  fileUploaded: "File uploaded",
  fileRemoved: "File removed",
  notAFileQuestion: "This question does not take a file",
  answerFileNotFound: "File not found",
  regraded: "Attempts regraded against the current questions",
  imageUploaded: "Image uploaded",
  imageRemoved: "Image removed",
  imageMissing: "This question has no image",
  questionNotFound: "Question not found",
  imageSourceNotFound: "The question to copy the image from was not found",
  imageUploadNotFound: "The uploaded image was not found or has expired; upload it again",
  imageUploadTwice: "One uploaded image can go with one question only",
  imageAltTooLong: `Alt text must be at most ${ASSESSMENT_LIMITS.imageAltMax} characters`,
  imageNotImage: "Choose a PNG, JPEG, GIF or WebP image",
  poolSizeRange: "Questions drawn per attempt must be between 1 and the number of questions, or null for all",
});

const M = ASSESSMENT_MESSAGES;
const L = ASSESSMENT_LIMITS;

const titleSchema = z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(L.titleMax, M.titleTooLong);
const descriptionSchema = z.string().trim().max(L.descriptionMax, M.descriptionTooLong);
/** An ISO 8601 date-time (any offset), kept as UTC. */
const dateSchema = z.iso
  .datetime({ offset: true, error: M.invalidDate })
  .transform((value) => new Date(value).toISOString());
const percentSchema = z.number().min(0, M.percentRange).max(100, M.percentRange);
const pointsSchema = z.number({ error: M.pointsRange }).min(0, M.pointsRange).max(L.pointsMax, M.pointsRange);

const questionBase = {
  /** Keeps the id of an existing question of the same assessment on update. */
  _id: idSchema.optional(),
  text: z
    .string({ error: M.questionTextRequired })
    .trim()
    .min(1, M.questionTextRequired)
    .max(L.questionTextMax, M.questionTextTooLong),
  points: pointsSchema,
  /** The alt text of the question's image (the image itself is uploaded on its own). */
  imageAlt: z.string().trim().max(L.imageAltMax, M.imageAltTooLong).optional(),
  /**
   * For a new question (no `_id`): a question of an assessment the caller manages whose image it
   * takes (a copy of the file), so questions copied from another assessment keep their image.
   */
  imageFrom: idSchema.optional(),
  /**
   * An image uploaded before the question was saved (POST .../question-images), by the caller, for
   * this course: the save makes it the question's image.
   */
  imageUpload: idSchema.optional(),
  /** Rich text (sanitised like the text) shown with the question's result once the attempt is graded and released. */
  feedback: z.string().trim().max(L.answerTextMax, M.feedbackTooLong).optional(),
};
const optionSchema = z.object({
  text: z
    .string({ error: M.optionTextRequired })
    .trim()
    .min(1, M.optionTextRequired)
    .max(L.optionTextMax, M.optionTextTooLong),
  correct: z.boolean().default(false),
});
const optionsSchema = z.array(optionSchema).min(L.optionsMin, M.optionsCount).max(L.optionsMax, M.optionsCount);
const correctCount = (options: { correct: boolean }[]) => options.filter((o) => o.correct).length;

export const questionInputSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      ...questionBase,
      type: z.literal("single_choice"),
      options: optionsSchema.refine((o) => correctCount(o) === 1, M.singleChoiceOneCorrect),
    }),
    z.object({
      ...questionBase,
      type: z.literal("multiple_choice"),
      options: optionsSchema.refine((o) => correctCount(o) >= 1, M.multipleChoiceCorrect),
    }),
    z.object({ ...questionBase, type: z.literal("true_false"), correct: z.boolean() }),
    z.object({
      ...questionBase,
      type: z.literal("short_answer"),
      acceptedAnswers: z
        .array(z.string().trim().min(1, M.acceptedAnswersRequired).max(L.acceptedAnswerMax, M.acceptedAnswerTooLong))
        .min(1, M.acceptedAnswersRequired)
        .max(L.acceptedAnswersMax),
    }),
    z.object({
      ...questionBase,
      type: z.literal("numeric"),
      value: z.number({ error: M.numericValueRequired }),
      tolerance: z.number({ error: M.toleranceMin }).min(0, M.toleranceMin).default(0),
    }),
    z.object({ ...questionBase, type: z.literal("essay") }),
    z.object({ ...questionBase, type: z.literal("file_upload") }),
  ],
  { error: M.invalidQuestionType },
);
export type QuestionInput = z.infer<typeof questionInputSchema>;

/** The settings of an assessment; every one optional, as an update sends them. */
const settingsFields = {
  title: titleSchema,
  description: descriptionSchema,
  type: z.enum(ASSESSMENT_TYPES, { error: M.invalidType }),
  published: z.boolean(),
  availableFrom: dateSchema.nullable(),
  dueDate: dateSchema.nullable(),
  /** Late work: refused after the due date, or accepted with a penalty (Canvas's late policy). */
  lateSubmissions: z.enum(LATE_SUBMISSIONS),
  /** Percent of the total points taken off per hour or day late (started hours or days count whole). */
  latePenaltyPercent: percentSchema,
  latePenaltyPer: z.enum(LATE_PENALTY_PER),
  /** The penalty never takes the score below this percent of the total points. */
  latePenaltyFloor: percentSchema,
  attemptsAllowed: z.number().int().min(1, M.attemptsRange).max(L.attemptsMax, M.attemptsRange).nullable(),
  scoringRule: z.enum(SCORING_RULES),
  timeLimitMinutes: z.number().int().min(1, M.timeLimitRange).max(L.timeLimitMaxMinutes, M.timeLimitRange).nullable(),
  /** Percent of the total points needed to pass; null: no pass mark. */
  passingScore: percentSchema.nullable(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  /** Draw this many of the questions at random per attempt (at most the number of questions); null: all. */
  questionPoolSize: z
    .number({ error: M.poolSizeRange })
    .int(M.poolSizeRange)
    .min(1, M.poolSizeRange)
    .max(L.questionsMax, M.poolSizeRange)
    .nullable(),
  showCorrectAnswers: z.enum(SHOW_CORRECT_ANSWERS),
  /** Relative weight in the course grade. */
  weight: z.number().min(0, M.weightRange).max(L.weightMax, M.weightRange),
  /** Whether the course's completion rule asks for it to be passed (once published). */
  requiredForCompletion: z.boolean(),
  /** The sum of the questions' points; needed (at least 1) only while there are no questions. */
  totalPoints: z
    .number()
    .min(1, M.totalPointsMin)
    .max(L.pointsMax * L.questionsMax),
  questions: z.array(questionInputSchema).max(L.questionsMax, M.tooManyQuestions),
};

export const ASSESSMENT_DEFAULTS = {
  description: "",
  type: "quiz",
  published: false,
  availableFrom: null,
  dueDate: null,
  lateSubmissions: "accept",
  latePenaltyPercent: 0,
  latePenaltyPer: "day",
  latePenaltyFloor: 0,
  attemptsAllowed: 1,
  scoringRule: "highest",
  timeLimitMinutes: null,
  passingScore: null,
  shuffleQuestions: false,
  shuffleOptions: false,
  questionPoolSize: null,
  showCorrectAnswers: "after_submit",
  weight: 1,
  requiredForCompletion: true,
} as const;

/** Changes to an assessment: only what is sent; `questions`, when sent, replaces the whole list in order. */
export const assessmentUpdateSchema = z.object(settingsFields).partial();
export type AssessmentUpdate = z.infer<typeof assessmentUpdateSchema>;

/** A new assessment: a title, and optionally every setting (defaults in ASSESSMENT_DEFAULTS) and its questions. */
export const assessmentCreateSchema = assessmentUpdateSchema.required({ title: true });
export type AssessmentCreate = z.infer<typeof assessmentCreateSchema>;

export const assessmentParamsSchema = courseParamsSchema.extend({ assessmentId: idSchema });
export const assessmentIdParamsSchema = z.object({ id: idSchema });
export const attemptParamsSchema = z.object({ attemptId: idSchema });

/** Image types a question takes, judged from the content (never SVG: it can carry script). */
export const QUESTION_IMAGE_TYPES = ["png", "jpg", "gif", "webp"] as const;
/** A question's image: `url` is signed and short-lived; `alt` describes it ("" when decorative). */
export const questionImageSchema = z.object({ url: z.string(), alt: z.string() });
export type QuestionImage = z.infer<typeof questionImageSchema>;
export const questionImageParamsSchema = assessmentParamsSchema.extend({ questionId: idSchema });
export const questionImageFileParamsSchema = z.object({ ext: z.enum(QUESTION_IMAGE_TYPES), fileId: idSchema });
/** An image uploaded for a question not saved yet: its id goes into the question's `imageUpload`; `url` previews it. */
export const pendingQuestionImageResponseSchema = envelope(
  z.object({ upload: z.object({ _id: z.string(), url: z.string() }) }),
);

/** A question with its answer key, as managers see it. */
export const questionSchema = z.object({
  _id: z.string(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  points: z.number(),
  image: questionImageSchema.nullable(),
  options: z.array(z.object({ _id: z.string(), text: z.string(), correct: z.boolean() })).optional(),
  correct: z.boolean().optional(),
  acceptedAnswers: z.array(z.string()).optional(),
  value: z.number().optional(),
  tolerance: z.number().optional(),
  /** The question's feedback (sanitised HTML), when it has one. */
  feedback: z.string().optional(),
});
export type Question = z.infer<typeof questionSchema>;

const settingsOutput = {
  published: z.boolean(),
  availableFrom: z.string().nullable(),
  lateSubmissions: z.enum(LATE_SUBMISSIONS),
  latePenaltyPercent: z.number(),
  latePenaltyPer: z.enum(LATE_PENALTY_PER),
  latePenaltyFloor: z.number(),
  attemptsAllowed: z.number().int().nullable(),
  scoringRule: z.enum(SCORING_RULES),
  timeLimitMinutes: z.number().int().nullable(),
  passingScore: z.number().nullable(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  questionPoolSize: z.number().int().nullable(),
  showCorrectAnswers: z.enum(SHOW_CORRECT_ANSWERS),
  weight: z.number(),
  requiredForCompletion: z.boolean(),
};

/** The spec's Assessment (§3) with its settings, as the course's managers see it. */
export const assessmentSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(ASSESSMENT_TYPES),
  courseTitle: z.string(),
  /** Finished attempts (submitted or graded). */
  submissions: z.number().int(),
  /** Finished attempts waiting for a hand grade. */
  needsGrading: z.number().int(),
  dueDate: z.string().nullable(),
  totalPoints: z.number(),
  questionCount: z.number().int(),
  ...settingsOutput,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** In the answers of create, update and the single read. */
  questions: z.array(questionSchema).optional(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

export const assessmentListResponseSchema = envelope(z.object({ assessments: z.array(assessmentSchema) }));
export const assessmentResponseSchema = envelope(z.object({ assessment: assessmentSchema }));

export const dashboardAssessmentsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(L.dashboardDefault),
});
export const dashboardAssessmentsResponseSchema = envelope(
  z.object({
    assessments: z.array(assessmentSchema),
    total: z.number().int(),
    /** Published ones: the dashboard's "active assessments" counter. */
    active: z.number().int(),
  }),
);
export type DashboardAssessments = z.infer<typeof dashboardAssessmentsResponseSchema>["data"];

/** One attempt in the results of an assessment. */
export const assessmentResultSchema = z.object({
  _id: z.string(),
  learner: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  attempt: z.number().int(),
  state: z.enum(ATTEMPT_STATES),
  score: z.number().nullable(),
  rawScore: z.number().nullable(),
  penalty: z.number(),
  maxPoints: z.number(),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  late: z.boolean(),
});
export type AssessmentResult = z.infer<typeof assessmentResultSchema>;
/** `state` narrows the list, e.g. to `submitted`: the submissions waiting for a hand grade. */
export const assessmentResultsQuerySchema = paginationQuerySchema.extend({ state: z.enum(ATTEMPT_STATES).optional() });
export const assessmentResultsResponseSchema = envelope(
  z.object({ results: z.array(assessmentResultSchema), pagination: paginationSchema }),
);

/** A learner's answer: an option id, option ids, true/false, a text or a number. */
export const answerValueSchema = z.union([
  z.string().max(L.answerTextMax, M.answerTooLong),
  z.array(z.string().max(24)).max(L.optionsMax),
  z.boolean(),
  z.number(),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const saveAnswersSchema = z.object({
  answers: z
    .array(z.object({ questionId: idSchema, value: answerValueSchema.nullable() }))
    .min(1)
    .max(L.questionsMax),
});
export type SaveAnswers = z.infer<typeof saveAnswersSchema>;

/** The key of a question, shown to a learner once the release rule allows. */
export const correctAnswerSchema = z.union([
  z.string(),
  z.array(z.string()),
  z.boolean(),
  z.object({ value: z.number(), tolerance: z.number() }),
]);

/** A file uploaded as an answer; `url` is signed and short-lived (add `&download=1` to save it). */
export const answerFileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  url: z.string(),
});
export type AnswerFile = z.infer<typeof answerFileSchema>;
export const answerFileParamsSchema = attemptParamsSchema.extend({ questionId: idSchema });

/** A question as a learner sees it: never its key unless released. */
export const attemptQuestionSchema = z.object({
  _id: z.string(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  points: z.number(),
  image: questionImageSchema.nullable(),
  options: z.array(z.object({ _id: z.string(), text: z.string() })).optional(),
  answer: answerValueSchema.nullable(),
  /** After submit. */
  pointsAwarded: z.number().nullable(),
  feedback: z.string().nullable(),
  /** file_upload questions only: the uploaded file, or null. */
  file: answerFileSchema.nullable().optional(),
  /** Only when the assessment's release rule allows. */
  correctAnswer: correctAnswerSchema.optional(),
  /** The question's own feedback (sanitised HTML, `feedback` is the grader's): once graded and released. */
  questionFeedback: z.string().optional(),
});

export const attemptSchema = z.object({
  _id: z.string(),
  assessmentId: z.string(),
  number: z.number().int(),
  state: z.enum(ATTEMPT_STATES),
  startedAt: z.string(),
  deadlineAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  late: z.boolean(),
  rawScore: z.number().nullable(),
  penalty: z.number(),
  score: z.number().nullable(),
  maxPoints: z.number(),
  questions: z.array(attemptQuestionSchema),
  /** Once finished: the points awarded so far (before any late penalty); null while in progress. */
  pointsSoFar: z.number().nullable(),
  /** Once finished: the points of the questions that wait for a teacher's grade; null while in progress. */
  pointsPending: z.number().nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;
export const attemptResponseSchema = envelope(z.object({ attempt: attemptSchema }));

/** One of the learner's own attempts, in their view of an assessment. */
export const attemptSummarySchema = attemptSchema.omit({ questions: true, pointsSoFar: true, pointsPending: true });

/** An assessment as a learner of the course sees it, with their own state. */
export const learnerAssessmentSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(ASSESSMENT_TYPES),
  dueDate: z.string().nullable(),
  totalPoints: z.number(),
  questionCount: z.number().int(),
  ...settingsOutput,
  state: z.enum(LEARNER_ASSESSMENT_STATES),
  /** The score that counts under the scoring rule, from graded attempts; null before any. */
  score: z.number().nullable(),
  attemptsUsed: z.number().int(),
  /** null: unlimited. */
  attemptsLeft: z.number().int().nullable(),
  /** The attempt under way, to resume. */
  currentAttemptId: z.string().nullable(),
});
export type LearnerAssessment = z.infer<typeof learnerAssessmentSchema>;
export const learnerAssessmentListResponseSchema = envelope(
  z.object({ assessments: z.array(learnerAssessmentSchema) }),
);
export const learnerAssessmentResponseSchema = envelope(
  z.object({
    assessment: learnerAssessmentSchema,
    attempts: z.array(attemptSummarySchema),
    /** Only for the course's managers (with the answer key). */
    questions: z.array(questionSchema).optional(),
    /**
     * The caller manages the course (its instructor, an admin): they get a read-only preview with
     * links to edit and to grade, and never start an attempt from it.
     */
    canManage: z.boolean(),
  }),
);

/** Per-learner accommodations: extra time on each attempt, a later due date, extra attempts. */
export const overrideParamsSchema = assessmentParamsSchema.extend({ userId: userIdSchema });
export const overrideInputSchema = z.object({
  /** Added to the time limit of attempts started from now on. */
  extraMinutes: z.number().int().min(0, M.extraMinutesRange).max(L.timeLimitMaxMinutes, M.extraMinutesRange).default(0),
  /** Replaces the assessment's due date for this learner; null keeps it. */
  dueDate: dateSchema.nullable().default(null),
  extraAttempts: z.number().int().min(0, M.extraAttemptsRange).max(L.attemptsMax, M.extraAttemptsRange).default(0),
});
export type OverrideInput = z.infer<typeof overrideInputSchema>;
export const overrideSchema = z.object({
  _id: z.string(),
  learner: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  extraMinutes: z.number().int(),
  dueDate: z.string().nullable(),
  extraAttempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Override = z.infer<typeof overrideSchema>;
export const overrideListResponseSchema = envelope(z.object({ overrides: z.array(overrideSchema) }));
export const overrideResponseSchema = envelope(z.object({ override: overrideSchema }));

/** Hand grading of one submission (an attempt): points within each question's points, and feedback. */
export const submissionParamsSchema = assessmentParamsSchema.extend({ submissionId: idSchema });
export const gradeSubmissionSchema = z.object({
  grades: z
    .array(
      z.object({
        questionId: idSchema,
        points: z
          .number({ error: M.gradeAboveQuestion })
          .min(0, M.gradeAboveQuestion)
          .max(L.pointsMax, M.gradeAboveQuestion),
        feedback: z.string().trim().max(L.answerTextMax, M.feedbackTooLong).optional(),
      }),
    )
    .min(1)
    .max(L.questionsMax),
});
export type GradeSubmission = z.infer<typeof gradeSubmissionSchema>;

/** The answer of a regrade: attempts looked at, and those whose score changed. */
export const regradeResponseSchema = envelope(z.object({ attempts: z.number().int(), changed: z.number().int() }));
export type RegradeResult = z.infer<typeof regradeResponseSchema>["data"];

import { ASSESSMENT_LIMITS, ASSESSMENT_MESSAGES as M } from "@lms/contract";
import { describe, expect, it } from "vitest";
import {
  editorQuestion,
  editorSchema,
  editorValues,
  emptyQuestion,
  imageOf,
  toLocalInput,
  toPayload,
  totalOf,
} from "./editor-form";

const values = (changes: Partial<ReturnType<typeof editorValues>> = {}) => ({
  ...editorValues("0123456789abcdef01234567"),
  title: "Week 1",
  ...changes,
});

describe("the editor's values as the api body", () => {
  it("turns typed numbers, empty optional fields and local dates into the contract's body", () => {
    const dueLocal = "2030-01-08T09:30";
    const payload = toPayload(
      values({ attemptsAllowed: "", timeLimitMinutes: "45", passingScore: "", dueDate: dueLocal, weight: "2.5" }),
    ) as Record<string, unknown>;
    expect(payload).toMatchObject({
      title: "Week 1",
      attemptsAllowed: null,
      timeLimitMinutes: 45,
      passingScore: null,
      availableFrom: null,
      dueDate: new Date(dueLocal).toISOString(),
      weight: 2.5,
      totalPoints: 10,
      questions: [],
    });
    expect(payload).not.toHaveProperty("courseId");
    expect(toLocalInput(payload.dueDate as string)).toBe(dueLocal);
  });

  it("starts a new assessment required for completion and sends the teacher's choice", () => {
    expect(values().requiredForCompletion).toBe(true);
    expect(toPayload(values({ requiredForCompletion: false }))).toMatchObject({ requiredForCompletion: false });
  });

  it("sends each type's own fields only, and no typed total once there are questions", () => {
    const questions = [
      { ...emptyQuestion("single_choice"), text: "Pick", points: "2" },
      { ...emptyQuestion("true_false"), text: "True?", correct: "false" as const },
      { ...emptyQuestion("short_answer"), text: "Name", acceptedAnswers: " Paris \n\n paris city " },
      { ...emptyQuestion("numeric"), text: "Pi", value: "3.14", tolerance: "" },
      { ...emptyQuestion("essay"), text: "Why?" },
    ];
    const payload = toPayload(values({ questions })) as { questions: Record<string, unknown>[] };
    expect(payload).not.toHaveProperty("totalPoints");
    expect(payload.questions).toEqual([
      {
        type: "single_choice",
        text: "Pick",
        points: 2,
        imageAlt: "",
        options: [
          { text: "", correct: true },
          { text: "", correct: false },
        ],
      },
      { type: "true_false", text: "True?", points: 1, imageAlt: "", correct: false },
      { type: "short_answer", text: "Name", points: 1, imageAlt: "", acceptedAnswers: ["Paris", "paris city"] },
      { type: "numeric", text: "Pi", points: 1, imageAlt: "", value: 3.14, tolerance: 0 },
      { type: "essay", text: "Why?", points: 1, imageAlt: "" },
    ]);
    expect(totalOf(questions)).toBe(6);
  });

  it("keeps a stored question's id, but not a copied one's", () => {
    const stored = {
      _id: "0123456789abcdef0123456a",
      type: "numeric" as const,
      text: "x",
      points: 1,
      value: 2,
      image: { url: "/api/question-images/png/0123456789abcdef0123456b", alt: "A graph" },
    };
    expect(editorQuestion(stored)).toMatchObject({ _id: stored._id, imageAlt: "A graph" });
    const copied = editorQuestion(stored, false);
    expect(copied).not.toHaveProperty("_id");
    // A copy takes the image along: the save asks the server to copy the file.
    expect(toPayload(values({ questions: [copied] }))).toMatchObject({
      questions: [{ imageFrom: stored._id, imageAlt: "A graph" }],
    });
  });

  it("loads and sends a question's feedback, and names the contract's limit at its field", () => {
    const stored = { _id: "0123456789abcdef0123456e", type: "essay" as const, text: "Why?", points: 1, image: null };
    const explained = editorQuestion({ ...stored, feedback: "<p>Because.</p>" });
    expect(explained.feedback).toBe("<p>Because.</p>");
    expect(editorQuestion(stored).feedback).toBe("");
    expect(toPayload(values({ questions: [explained] }))).toMatchObject({
      questions: [{ feedback: "<p>Because.</p>" }],
    });
    const tooLong = { ...explained, feedback: "x".repeat(ASSESSMENT_LIMITS.answerTextMax + 1) };
    const result = editorSchema.safeParse(values({ questions: [tooLong] }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ["questions", 0, "feedback"],
      message: M.feedbackTooLong.text,
    });
  });

  it("sends an image uploaded before the first save as the question's imageUpload, shown in its place", () => {
    const image = { url: "/api/question-images/png/0123456789abcdef0123456c", alt: "" };
    const fresh = {
      ...emptyQuestion("essay"),
      text: "Describe it",
      imageUpload: { id: "0123456789abcdef0123456d", image },
    };
    expect(toPayload(values({ questions: [fresh] }))).toMatchObject({
      questions: [{ imageUpload: "0123456789abcdef0123456d" }],
    });
    expect(imageOf(fresh, new Map())).toBe(image);
  });
});

describe("the editor's rules are the contract's", () => {
  it("names the contract's messages at the fields they belong to", () => {
    const result = editorSchema.safeParse(
      values({
        title: " ",
        questions: [
          { ...emptyQuestion("single_choice"), text: "Pick", points: "" },
          { ...emptyQuestion("numeric"), text: "Pi" },
        ],
      }),
    );
    expect(result.success).toBe(false);
    const issues = new Map(result.error?.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(issues.get("title")).toBe(M.titleRequired.text);
    expect(issues.get("questions.0.points")).toBe(M.pointsRange.text);
    expect(issues.get("questions.0.options.0.text")).toBe(M.optionTextRequired.text);
    expect(issues.get("questions.1.value")).toBe(M.numericValueRequired.text);
  });

  it("accepts a complete assessment", () => {
    const question = { ...emptyQuestion("true_false"), text: "<b>Sky</b> is blue" };
    expect(editorSchema.safeParse(values({ questions: [question] })).success).toBe(true);
  });

  it("draws a pool of at most the questions there are, or all of them when empty", () => {
    const question = { ...emptyQuestion("true_false"), text: "Sky is blue" };
    const two = [question, { ...question, text: "Grass is green" }];
    expect(editorSchema.safeParse(values({ questions: two, questionPoolSize: "1" })).data?.questionPoolSize).toBe(1);
    expect(editorSchema.safeParse(values({ questions: two, questionPoolSize: "" })).data?.questionPoolSize).toBeNull();
    const tooMany = editorSchema.safeParse(values({ questions: two, questionPoolSize: "3" }));
    expect(tooMany.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["questionPoolSize", M.poolSizeRange.text],
    ]);
  });
});

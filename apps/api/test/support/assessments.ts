import type { FastifyInstance } from "fastify";

/** One question of each type (total 4 + 3 + 1 + 2 + 2 + 5 + 3 = 20 points). */
export const EVERY_TYPE = [
  {
    type: "single_choice",
    text: "Capital of France?",
    points: 4,
    options: [
      { text: "Paris", correct: true },
      { text: "Lyon", correct: false },
    ],
  },
  {
    type: "multiple_choice",
    text: "Prime numbers?",
    points: 3,
    options: [
      { text: "2", correct: true },
      { text: "3", correct: true },
      { text: "4", correct: false },
      { text: "5", correct: true },
    ],
  },
  { type: "true_false", text: "The earth is flat.", points: 1, correct: false },
  { type: "short_answer", text: "Largest ocean?", points: 2, acceptedAnswers: ["Pacific", "Pacific Ocean"] },
  { type: "numeric", text: "Pi to two places?", points: 2, value: 3.14, tolerance: 0.005 },
  { type: "essay", text: "Explain recursion.", points: 5 },
  { type: "file_upload", text: "Upload your diagram.", points: 3 },
];

/** Auto-graded questions only (total 12 points). */
export const AUTO_ONLY = EVERY_TYPE.slice(0, 5);

export async function createAssessment(
  app: FastifyInstance,
  courseId: string,
  auth: Record<string, string>,
  body: Record<string, unknown>,
) {
  const response = await app.inject({
    method: "POST",
    url: `/api/instructor/courses/${courseId}/assessments`,
    headers: auth,
    payload: { title: "Quiz", questions: AUTO_ONLY, published: true, ...body },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().data.assessment as { _id: string; totalPoints: number; questions: { _id: string }[] };
}

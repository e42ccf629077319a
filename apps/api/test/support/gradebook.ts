import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

type Auth = Record<string, string>;

/** Two true/false questions, 6 and 4 points: answering right earns 0, 4, 6 or 10 of 10. */
export const TWO_TRUE_FALSE = [
  { type: "true_false", text: "Six points", points: 6, correct: true },
  { type: "true_false", text: "Four points", points: 4, correct: true },
];

/** Starts an attempt, answers the TWO_TRUE_FALSE questions named right (the others wrong), and submits. */
export async function takeQuiz(app: FastifyInstance, assessmentId: string, auth: Auth, right: string[]) {
  const started = await app.inject({ method: "POST", url: `/api/assessments/${assessmentId}/attempts`, headers: auth });
  expect(started.statusCode, started.body).toBe(201);
  const attempt = started.json().data.attempt as { _id: string; questions: { _id: string; text: string }[] };
  const answers = attempt.questions.map((q) => ({ questionId: q._id, value: right.includes(q.text) }));
  const saved = await app.inject({
    method: "PUT",
    url: `/api/attempts/${attempt._id}/answers`,
    headers: auth,
    payload: { answers },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const submitted = await app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: auth });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json().data.attempt as { _id: string; score: number | null; late: boolean; state: string };
}

/** Starts an attempt and leaves it open. */
export async function startQuiz(app: FastifyInstance, assessmentId: string, auth: Auth) {
  const started = await app.inject({ method: "POST", url: `/api/assessments/${assessmentId}/attempts`, headers: auth });
  expect(started.statusCode, started.body).toBe(201);
  return started.json().data.attempt as { _id: string };
}

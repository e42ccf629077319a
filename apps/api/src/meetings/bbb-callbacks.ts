import { createHmac, timingSafeEqual } from "node:crypto";
import { jwtVerify } from "jose";

/**
 * BigBlueButton calls the meeting-ended URL exactly as we gave it, so that URL carries our own
 * signature of the session id, made with the shared secret.
 */
export const bbbEndedSignature = (secret: string, sessionId: string) =>
  createHmac("sha256", secret).update(`meeting-ended:${sessionId}`).digest("base64url");

export function verifyBbbEnded(secret: string, sessionId: string, signature: string): boolean {
  const expected = Buffer.from(bbbEndedSignature(secret, sessionId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The recording-ready callback's `signed_parameters`: an HS256 JWT signed with the shared secret. */
export async function verifyBbbRecordingReady(
  secret: string,
  signedParameters: string,
): Promise<{ meetingId: string; recordId: string } | null> {
  try {
    const { payload } = await jwtVerify(signedParameters, new TextEncoder().encode(secret), { algorithms: ["HS256"] });
    const meetingId = payload.meeting_id;
    const recordId = payload.record_id;
    return typeof meetingId === "string" && typeof recordId === "string" ? { meetingId, recordId } : null;
  } catch {
    return null;
  }
}

export const BBB_MEETING_ENDED_PATH = "/api/sessions/bbb/meeting-ended";
export const BBB_RECORDING_READY_PATH = "/api/sessions/bbb/recording-ready";

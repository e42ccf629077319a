import { SCORM_LIMITS, SCORM_MESSAGES, type ScormCmi, type ScormCmiSave, type ScormVersion } from "@lms/contract";
import { badRequest, fieldError } from "../../http/errors.js";

export const EMPTY_CMI: ScormCmi = {
  completionStatus: "not attempted",
  successStatus: "unknown",
  score: { raw: null, min: null, max: null, scaled: null },
  location: "",
  suspendData: "",
  sessionTime: "",
  totalSeconds: 0,
  exit: "",
  interactions: [],
};

/** The limits of the package's own SCORM version: more than it allows is abuse, refused whole (nothing saved). */
export function checkCmi(version: ScormVersion, cmi: ScormCmiSave): void {
  if (cmi.suspendData.length > SCORM_LIMITS.suspendData[version]) {
    throw badRequest(SCORM_MESSAGES.suspendDataTooLong, [fieldError("suspendData", SCORM_MESSAGES.suspendDataTooLong)]);
  }
  if (cmi.location.length > SCORM_LIMITS.location[version]) {
    throw badRequest(SCORM_MESSAGES.locationTooLong, [fieldError("location", SCORM_MESSAGES.locationTooLong)]);
  }
  if (cmi.interactions.length > SCORM_LIMITS.maxInteractions) {
    throw badRequest(SCORM_MESSAGES.tooManyInteractions, [
      fieldError("interactions", SCORM_MESSAGES.tooManyInteractions),
    ]);
  }
  if (JSON.stringify(cmi).length > SCORM_LIMITS.maxCmiBytes) throw badRequest(SCORM_MESSAGES.cmiTooLarge);
}

/** A session's length in seconds: SCORM 1.2 writes HHHH:MM:SS(.SS), SCORM 2004 ISO 8601 (PT1H2M3.5S). */
export function sessionSeconds(time: string): number {
  const clock = /^(\d{1,4}):(\d{2}):(\d{2}(?:\.\d{1,2})?)$/.exec(time);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const iso = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(time);
  if (!iso) return 0;
  return Number(iso[1] ?? 0) * 86400 + Number(iso[2] ?? 0) * 3600 + Number(iso[3] ?? 0) * 60 + Number(iso[4] ?? 0);
}

/** Whether the package says the learner is done: completed (1.2 "completed"/"passed") or passed. */
export const isDone = (cmi: ScormCmi) => cmi.completionStatus === "completed" || cmi.successStatus === "passed";

/** The score on 0…1: SCORM 2004's scaled score, else raw over max (min 0 unless given). */
export function scaledScore(cmi: ScormCmi): number | null {
  const { raw, min, max, scaled } = cmi.score;
  if (scaled !== null) return Math.max(0, scaled);
  if (raw === null) return null;
  const low = min ?? 0;
  const high = max ?? 100;
  if (high <= low) return null;
  return Math.min(1, Math.max(0, (raw - low) / (high - low)));
}

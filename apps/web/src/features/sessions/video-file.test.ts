import { RECORDING_MAX_BYTES, SESSION_MESSAGES } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { recordingFileProblem } from "./video-file";

describe("recordingFileProblem", () => {
  it("accepts a video up to 500 MB", () => {
    expect(recordingFileProblem({ type: "video/webm", size: 1024 })).toBeNull();
    expect(recordingFileProblem({ type: "video/mp4", size: RECORDING_MAX_BYTES })).toBeNull();
  });

  it("refuses anything larger with the spec's message, and anything that is not a video", () => {
    expect(recordingFileProblem({ type: "video/mp4", size: RECORDING_MAX_BYTES + 1 })).toBe(
      SESSION_MESSAGES.recordingTooLarge.text,
    );
    expect(recordingFileProblem({ type: "application/pdf", size: 10 })).toBe(SESSION_MESSAGES.recordingVideoOnly.text);
  });
});

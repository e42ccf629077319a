import { type BbbConfig, createBbbProvider } from "./bbb.js";
import { BBB_MEETING_ENDED_PATH, BBB_RECORDING_READY_PATH, bbbEndedSignature } from "./bbb-callbacks.js";
import { createJitsiProvider, type JitsiConfig } from "./jitsi.js";
import type { MeetingProvider } from "./provider.js";
import { createZoomProvider, type ZoomConfig } from "./zoom.js";

export type MeetingConfig = JitsiConfig | ZoomConfig | BbbConfig;

/** The video meeting service chosen by MEETING_PROVIDER; `publicUrl` is where its callbacks reach us. */
export function createMeetingProvider(config: MeetingConfig, publicUrl: string): MeetingProvider {
  if (config.provider === "zoom") return createZoomProvider(config);
  if (config.provider === "bbb") {
    return createBbbProvider(config, {
      meetingEndedUrl: (sessionId) =>
        `${publicUrl}${BBB_MEETING_ENDED_PATH}?sessionId=${sessionId}&signature=${bbbEndedSignature(config.secret, sessionId)}`,
      recordingReadyUrl: `${publicUrl}${BBB_RECORDING_READY_PATH}`,
    });
  }
  return createJitsiProvider(config);
}

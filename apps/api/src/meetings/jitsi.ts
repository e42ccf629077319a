import { randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import type { MeetingProvider } from "./provider.js";

export interface JitsiConfig {
  provider: "jitsi";
  /** Host name of the Jitsi Meet server, e.g. meet.jit.si. */
  domain: string;
  /** With both set (self-hosted Jitsi with token authentication), links carry a signed JWT. */
  appId?: string;
  appSecret?: string;
}

/** Links stay valid this long after the session's planned end. */
const TOKEN_GRACE_SECONDS = 2 * 60 * 60;

/**
 * Jitsi Meet needs no account: each session gets its own unguessable room. On a server with
 * token authentication, each link carries a JWT naming the person, with moderator rights for hosts.
 */
export function createJitsiProvider(config: JitsiConfig): MeetingProvider {
  const secret = config.appId && config.appSecret ? new TextEncoder().encode(config.appSecret) : null;

  return {
    name: "jitsi",
    hasCloudRecordings: false,
    async createMeeting() {
      return { meetingId: `lms-${randomBytes(16).toString("hex")}`, data: {} };
    },
    async updateMeeting() {},
    async deleteMeeting() {},
    async endMeeting() {},
    async listRecordings() {
      return [];
    },
    async downloadRecording() {
      throw new Error("Jitsi keeps no recordings to download");
    },
    async joinLink(session, person, role) {
      const room = `https://${config.domain}/${encodeURIComponent(session.meetingId)}`;
      const name = `#userInfo.displayName=${encodeURIComponent(JSON.stringify(person.name))}`;
      if (!secret || !config.appId) return `${room}${name}`;
      const moderator = role === "host";
      const ends = Math.floor(Date.parse(session.scheduledAt) / 1000) + session.duration * 60;
      const jwt = await new SignJWT({
        room: session.meetingId,
        moderator,
        context: { user: { id: person.id, name: person.name, email: person.email, moderator } },
      })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuer(config.appId)
        .setAudience("jitsi")
        .setSubject(config.domain)
        .setIssuedAt()
        .setExpirationTime(Math.max(ends, Math.floor(Date.now() / 1000)) + TOKEN_GRACE_SECONDS)
        .sign(secret);
      return `${room}?jwt=${jwt}${name}`;
    },
  };
}

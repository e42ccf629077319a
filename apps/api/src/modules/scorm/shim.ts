import type { ScormCmi, ScormVersion } from "@lms/contract";

/**
 * The SCORM runtime API inside the sandboxed package frame. SCORM calls are synchronous, and the frame
 * (an opaque origin) can reach the lesson viewer only through postMessage, which answers later; so the
 * API answers from the learner's CMI data, which the server writes into the page, and posts the data
 * to the viewer on every change, commit and finish: the viewer saves it with the learner's token.
 * Defined in the frame itself so packages find `window.API` (1.2) and `window.API_1484_11` (2004)
 * where they look first. Both are defined: a package looks only for its own.
 */
function runtime(state: ScormCmi & { version: ScormVersion }) {
  const cmi = state;
  let lastError = "0";
  let started = false;
  const post = (kind: string, extra?: object) =>
    // The frame cannot know the viewer's origin (its own is opaque); frame-ancestors 'self' already
    // keeps any other site from framing it, so "*" reaches only the lesson viewer.
    window.parent.postMessage({ source: "lms-scorm", kind, cmi, ...extra }, "*");
  const clock = (seconds: number) => {
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = Math.floor(seconds % 60);
    return `${String(h).padStart(4, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
  };
  const num = (v: string) => (v === "" ? null : Number.isFinite(Number(v)) ? Number(v) : Number.NaN);
  const status12 = () =>
    cmi.successStatus !== "unknown"
      ? cmi.successStatus
      : cmi.completionStatus === "unknown"
        ? "not attempted"
        : cmi.completionStatus;
  const interaction = /^cmi\.interactions\.(\d+)\.(.+)$/;

  function get(name: string): string {
    const match = interaction.exec(name);
    if (match) return cmi.interactions[Number(match[1])]?.[match[2] as string] ?? "";
    switch (name) {
      case "cmi.core.lesson_status":
        return status12();
      case "cmi.completion_status":
        return cmi.completionStatus;
      case "cmi.success_status":
        return cmi.successStatus;
      case "cmi.core.lesson_location":
      case "cmi.location":
        return cmi.location;
      case "cmi.suspend_data":
        return cmi.suspendData;
      case "cmi.core.score.raw":
      case "cmi.score.raw":
        return cmi.score.raw === null ? "" : String(cmi.score.raw);
      case "cmi.core.score.min":
      case "cmi.score.min":
        return cmi.score.min === null ? "" : String(cmi.score.min);
      case "cmi.core.score.max":
      case "cmi.score.max":
        return cmi.score.max === null ? "" : String(cmi.score.max);
      case "cmi.score.scaled":
        return cmi.score.scaled === null ? "" : String(cmi.score.scaled);
      case "cmi.core.total_time":
        return clock(cmi.totalSeconds);
      case "cmi.total_time":
        return `PT${cmi.totalSeconds}S`;
      case "cmi.core.entry":
      case "cmi.entry":
        return cmi.suspendData || cmi.location ? "resume" : "ab-initio";
      case "cmi.core.exit":
      case "cmi.exit":
        return cmi.exit;
      case "cmi.interactions._count":
        return String(cmi.interactions.length);
      case "cmi.core.credit":
      case "cmi.credit":
        return "credit";
      case "cmi.mode":
      case "cmi.core.lesson_mode":
        return "normal";
      default:
        lastError = "401";
        return "";
    }
  }

  function set(name: string, raw: unknown): boolean {
    const value = String(raw);
    const match = interaction.exec(name);
    if (match) {
      const index = Number(match[1]);
      if (index > cmi.interactions.length) return fail("201");
      cmi.interactions[index] = { ...(cmi.interactions[index] ?? {}), [match[2] as string]: value };
      return true;
    }
    const score = (key: "raw" | "min" | "max" | "scaled") => {
      const n = num(value);
      if (Number.isNaN(n)) return fail("405");
      cmi.score[key] = n;
      return true;
    };
    switch (name) {
      case "cmi.core.lesson_status":
        if (value === "passed" || value === "failed") {
          cmi.successStatus = value;
          cmi.completionStatus = "completed";
        } else if (value === "completed" || value === "incomplete" || value === "not attempted") {
          cmi.completionStatus = value;
        } else if (value === "browsed") cmi.completionStatus = "incomplete";
        else return fail("405");
        return true;
      case "cmi.completion_status":
        if (!["completed", "incomplete", "not attempted", "unknown"].includes(value)) return fail("406");
        cmi.completionStatus = value as ScormCmi["completionStatus"];
        return true;
      case "cmi.success_status":
        if (!["passed", "failed", "unknown"].includes(value)) return fail("406");
        cmi.successStatus = value as ScormCmi["successStatus"];
        return true;
      case "cmi.core.lesson_location":
      case "cmi.location":
        cmi.location = value;
        return true;
      case "cmi.suspend_data":
        cmi.suspendData = value;
        return true;
      case "cmi.core.score.raw":
      case "cmi.score.raw":
        return score("raw");
      case "cmi.core.score.min":
      case "cmi.score.min":
        return score("min");
      case "cmi.core.score.max":
      case "cmi.score.max":
        return score("max");
      case "cmi.score.scaled":
        return score("scaled");
      case "cmi.core.session_time":
      case "cmi.session_time":
        cmi.sessionTime = value;
        return true;
      case "cmi.core.exit":
      case "cmi.exit":
        cmi.exit = value;
        return true;
      default:
        return fail("401");
    }
  }

  function fail(code: string): false {
    lastError = code;
    return false;
  }
  const answer = (ok: boolean) => {
    if (ok) lastError = "0";
    return ok ? "true" : "false";
  };
  const api = {
    initialize: () => {
      started = true;
      post("initialize");
      return answer(true);
    },
    finish: () => {
      post("finish", { finished: true });
      started = false;
      return answer(true);
    },
    get: (name: string) => {
      if (!started) {
        fail("301");
        return "";
      }
      lastError = "0";
      return get(name);
    },
    set: (name: string, value: unknown) => {
      const ok = started && set(name, value);
      if (ok) post("change");
      return answer(ok);
    },
    commit: () => {
      post("commit");
      return answer(true);
    },
    error: () => lastError,
    text: (code: string) => (code === "0" ? "No error" : `Error ${code}`),
  };
  const target = window as unknown as Record<string, unknown>;
  target.API = {
    LMSInitialize: api.initialize,
    LMSFinish: api.finish,
    LMSGetValue: api.get,
    LMSSetValue: api.set,
    LMSCommit: api.commit,
    LMSGetLastError: api.error,
    LMSGetErrorString: api.text,
    LMSGetDiagnostic: api.text,
  };
  target.API_1484_11 = {
    Initialize: api.initialize,
    Terminate: api.finish,
    GetValue: api.get,
    SetValue: api.set,
    Commit: api.commit,
    GetLastError: api.error,
    GetErrorString: api.text,
    GetDiagnostic: api.text,
  };
}

/** The script put at the top of every HTML page of a package, with the learner's data inlined. */
export function runtimeScript(version: ScormVersion, cmi: ScormCmi): string {
  // "<" escaped: the data may hold "</script>", which must not end the element.
  const data = JSON.stringify({ ...cmi, version }).replace(/</g, "\\u003c");
  return `<script>(${runtime.toString()})(${data});</script>`;
}

/** The page with the runtime script first in its <head> (or first of all when it has none). */
export function withRuntime(html: string, script: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + script + html.slice(head.index + head[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? doctype[0] + script + html.slice(doctype[0].length) : script + html;
}

import type { LtiService, LtiTool, LtiToolInput } from "@lms/contract";

/** The register/edit dialog's fields: lists are edited as lines of text. */
export interface ToolFormValues {
  name: string;
  loginUrl: string;
  launchUrl: string;
  deepLinkingUrl: string;
  keySource: "jwks" | "publicKey";
  jwksUrl: string;
  publicKey: string;
  /** One deployment id per line. */
  deploymentIds: string;
  services: LtiService[];
  /** One `key=value` per line. */
  customParameters: string;
}

export const TOOL_FORM_FIELDS = [
  "name",
  "loginUrl",
  "launchUrl",
  "deepLinkingUrl",
  "jwksUrl",
  "publicKey",
  "deploymentIds",
  "services",
  "customParameters",
] as const;

export function toolFormValues(tool: LtiTool | null): ToolFormValues {
  return {
    name: tool?.name ?? "",
    loginUrl: tool?.loginUrl ?? "",
    launchUrl: tool?.launchUrl ?? "",
    deepLinkingUrl: tool?.deepLinkingUrl ?? "",
    keySource: tool?.publicKey ? "publicKey" : "jwks",
    jwksUrl: tool?.jwksUrl ?? "",
    publicKey: tool?.publicKey ?? "",
    deploymentIds: (tool?.deploymentIds ?? []).join("\n"),
    services: tool?.services ?? [],
    customParameters: Object.entries(tool?.customParameters ?? {})
      .map(([key, value]) => `${key}=${value}`)
      .join("\n"),
  };
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** `key=value` lines as a record; null when a line has no `=` or no key. */
export function parseCustomParameters(text: string): Record<string, string> | null {
  const parameters: Record<string, string> = {};
  for (const line of lines(text)) {
    const at = line.indexOf("=");
    if (at < 1) return null;
    parameters[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return parameters;
}

/** The api body of the form; the key the admin did not choose is sent as null. */
export function toolInput(values: ToolFormValues, customParameters: Record<string, string>): LtiToolInput {
  const optional = (text: string) => text.trim() || null;
  return {
    name: values.name,
    loginUrl: values.loginUrl,
    launchUrl: values.launchUrl,
    deepLinkingUrl: optional(values.deepLinkingUrl),
    jwksUrl: values.keySource === "jwks" ? optional(values.jwksUrl) : null,
    publicKey: values.keySource === "publicKey" ? optional(values.publicKey) : null,
    deploymentIds: lines(values.deploymentIds),
    services: values.services,
    customParameters,
  };
}

/** The form field a server error path belongs to ("deploymentIds.0" → "deploymentIds"). */
export function formFieldOf(path: string): (typeof TOOL_FORM_FIELDS)[number] | null {
  const head = path.split(".")[0];
  return (TOOL_FORM_FIELDS as readonly string[]).includes(head) ? (head as (typeof TOOL_FORM_FIELDS)[number]) : null;
}

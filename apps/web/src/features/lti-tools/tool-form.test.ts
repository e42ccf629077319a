import type { LtiTool } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { formFieldOf, parseCustomParameters, toolFormValues, toolInput } from "./tool-form";

const tool: LtiTool = {
  _id: "t1",
  name: "Virtual lab",
  clientId: "client-1",
  deploymentIds: ["dep-1", "dep-2"],
  loginUrl: "https://lab.example/login",
  launchUrl: "https://lab.example/launch",
  deepLinkingUrl: null,
  jwksUrl: null,
  publicKey: "-----BEGIN PUBLIC KEY-----",
  services: ["ags"],
  customParameters: { level: "advanced", unit: "3" },
  createdAt: "2026-11-28T00:00:00.000Z",
};

describe("the LTI tool form", () => {
  it("edits lists as lines and keeps the chosen key source", () => {
    const values = toolFormValues(tool);
    expect(values.deploymentIds).toBe("dep-1\ndep-2");
    expect(values.customParameters).toBe("level=advanced\nunit=3");
    expect(values.keySource).toBe("publicKey");
  });

  it("sends the key the admin did not choose as null and blank optional addresses as null", () => {
    const values = { ...toolFormValues(tool), keySource: "jwks" as const, jwksUrl: " https://lab.example/jwks " };
    const input = toolInput(values, {});
    expect(input.jwksUrl).toBe("https://lab.example/jwks");
    expect(input.publicKey).toBeNull();
    expect(input.deepLinkingUrl).toBeNull();
    expect(input.deploymentIds).toEqual(["dep-1", "dep-2"]);
  });

  it("reads key=value lines, values may hold '=', and refuses a line without a key", () => {
    expect(parseCustomParameters(" a=1 \n\nb = x=y ")).toEqual({ a: "1", b: "x=y" });
    expect(parseCustomParameters("a=1\nnonsense")).toBeNull();
    expect(parseCustomParameters("=1")).toBeNull();
  });

  it("puts a server error on the field it names", () => {
    expect(formFieldOf("deploymentIds.0")).toBe("deploymentIds");
    expect(formFieldOf("customParameters.bad key")).toBe("customParameters");
    expect(formFieldOf("somethingElse")).toBeNull();
  });
});

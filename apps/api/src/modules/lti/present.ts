import type { LtiService, LtiTool } from "@lms/contract";
import type { ToolRow } from "./repo.js";

export const toolServices = (row: ToolRow) => JSON.parse(row.services) as LtiService[];
export const toolDeploymentIds = (row: ToolRow) => JSON.parse(row.deployment_ids) as string[];
export const customParametersOf = (json: string) => JSON.parse(json) as Record<string, string>;

export function presentTool(row: ToolRow): LtiTool {
  return {
    _id: row.id,
    name: row.name,
    clientId: row.client_id,
    deploymentIds: toolDeploymentIds(row),
    loginUrl: row.login_url,
    launchUrl: row.launch_url,
    deepLinkingUrl: row.deep_linking_url,
    jwksUrl: row.jwks_url,
    publicKey: row.public_key,
    services: toolServices(row),
    customParameters: customParametersOf(row.custom_parameters),
    createdAt: row.created_at,
  };
}

/** The platform's endpoints under PUBLIC_URL, as a tool's developer enters them. */
export function platformEndpoints(publicUrl: string) {
  return {
    issuer: publicUrl,
    authorizationUrl: `${publicUrl}/api/lti/authorize`,
    tokenUrl: `${publicUrl}/api/lti/token`,
    jwksUrl: `${publicUrl}/api/lti/jwks`,
    deepLinkingReturnUrl: `${publicUrl}/api/lti/deep-linking/return`,
  };
}
export type PlatformEndpoints = ReturnType<typeof platformEndpoints>;
